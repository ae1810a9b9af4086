/** Test SSH keys made in memory (no ssh-keygen needed). */
import { generateKeyPairSync } from 'node:crypto';

/** A fresh Ed25519 public key in OpenSSH's one-line form, with `comment` when given. */
export function newEd25519PublicKey(comment?: string): string {
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  // The SSH wire format: each field is a 4-byte big-endian length, then the bytes.
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(Buffer.from(String(jwk.x), 'base64url'))]);
  return `ssh-ed25519 ${blob.toString('base64')}${comment ? ` ${comment}` : ''}`;
}
