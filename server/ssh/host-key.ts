/**
 * The SSH server's host key: Ed25519, made once and kept in the database (`meta`), so clients'
 * known_hosts stay valid across restarts and every server sharing one PostgreSQL presents the
 * same key.
 *
 * ssh2 reads Ed25519 private keys only in OpenSSH's own format (`openssh-key-v1`, see
 * ssh2/lib/protocol/keyParser.js), not the PKCS#8 PEM node:crypto writes, so the key is
 * re-encoded here (format: OpenSSH PROTOCOL.key).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { metaValueOrInsert } from '../repos/ssh-keys';
import { fingerprintOf } from './keys';

/** The `meta` key holding the host key (OpenSSH private key text). */
export const HOST_KEY_META = 'ssh_host_key_ed25519';

/** SSH wire `string`: uint32 length, then the bytes. */
function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** The public key blob of an Ed25519 key (`string "ssh-ed25519", string point`). */
export function ed25519Blob(point: Buffer): Buffer {
  return Buffer.concat([sshString('ssh-ed25519'), sshString(point)]);
}

/**
 * A new Ed25519 key pair as an unencrypted OpenSSH private key, the format `ssh-keygen` writes.
 * @example parseKey(newOpenSshEd25519Key()) // ssh2 accepts it as a host key
 */
export function newOpenSshEd25519Key(comment = 'yx-account-server'): string {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  const point = Buffer.from(jwk.x!, 'base64url');
  const publicBlob = ed25519Blob(point);
  // Two equal random "check" words let a reader tell a wrong passphrase; here just format.
  const check = randomBytes(4);
  let secret = Buffer.concat([
    check,
    check,
    sshString('ssh-ed25519'),
    sshString(point),
    sshString(Buffer.concat([seed, point])),
    sshString(comment),
  ]);
  // Padded to the cipher block size (8 for "none") with 1, 2, 3, …
  const pad = (8 - (secret.length % 8)) % 8;
  secret = Buffer.concat([secret, Buffer.from(Array.from({ length: pad }, (_, i) => i + 1))]);
  const count = Buffer.alloc(4);
  count.writeUInt32BE(1);
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    count,
    sshString(publicBlob),
    sshString(secret),
  ]);
  const lines = body.toString('base64').match(/.{1,70}/g) ?? [];
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

/** The public point inside an OpenSSH Ed25519 private key made by {@link newOpenSshEd25519Key}. */
function publicBlobOf(privateKeyText: string): Buffer {
  const base64 = privateKeyText.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const body = Buffer.from(base64, 'base64');
  let pos = 15; // after "openssh-key-v1\0"
  const skip = () => {
    const length = body.readUInt32BE(pos);
    pos += 4 + length;
    return body.subarray(pos - length, pos);
  };
  skip(); // cipher
  skip(); // kdf
  skip(); // kdf options
  pos += 4; // number of keys
  return skip();
}

/** The server's host key, made and stored on first use. Returns the private key text (for
 * ssh2's `hostKeys`) and its fingerprint (for the start-up banner and known_hosts checks). */
export async function loadHostKey(db: Kysely<Database>): Promise<{ privateKey: string; fingerprint: string }> {
  const privateKey = await metaValueOrInsert(db, HOST_KEY_META, () => newOpenSshEd25519Key());
  return { privateKey, fingerprint: fingerprintOf(publicBlobOf(privateKey)) };
}
