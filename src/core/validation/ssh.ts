/**
 * SSH public key rules (§5).
 * Part of the rules of §5 (./rules); pure, the server imports it under Node.
 */
import * as v from 'valibot';
import { chars, k, visible } from './validate';

const KEY_TYPES = ['ssh-rsa', 'ssh-ed25519'] as const;
// A key is one line: U+2028 and U+2029 break it too, as the server reads them.
const PUBLIC_KEY = /^(ssh-rsa|ssh-ed25519) ([A-Za-z0-9+/]+={0,2})(?: [^\r\n\u2028\u2029]*)?$/;

/** The base64 blob of an OpenSSH key starts with its own type name; check it matches the prefix. */
function blobMatchesType(type: string, blob: string): boolean {
  try {
    // 40 base64 characters decode to 30 bytes: enough for the length prefix and either name.
    const bytes = atob(blob.length > 40 ? blob.slice(0, 40) : blob);
    const length =
      ((bytes.charCodeAt(0) << 24) | (bytes.charCodeAt(1) << 16) | (bytes.charCodeAt(2) << 8) | bytes.charCodeAt(3)) >>>
      0;
    return bytes.slice(4, 4 + length) === type;
  } catch {
    return false;
  }
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** A supported key after other text: authorized_keys options such as `no-pty,from="…"`. */
const AFTER_OPTIONS = /^(?!ssh-)\S.* (?:ssh-rsa|ssh-ed25519) [A-Za-z0-9+/]{16}/;

/** One OpenSSH public key line (trimmed): `ssh-rsa` or `ssh-ed25519`, ≤ 8192 bytes, not a private
 * key. Parts may be separated by any spaces (a copy from a web page or a chat may bring
 * non-breaking ones); they read as one plain space, as the server stores them. */
export const sshPublicKeySchema = v.pipe(
  v.string(k('validation.ssh.keyRequired')),
  v.transform((s) => s.replace(/[^\S\r\n\u2028\u2029]+/g, ' ').trim()),
  v.nonEmpty(k('validation.ssh.keyRequired')),
  v.check((s) => !/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(s), k('validation.ssh.privateKey')),
  v.check((s) => byteLength(s) <= 8192, k('validation.ssh.tooLong')),
  v.check((s) => !AFTER_OPTIONS.test(s), k('validation.ssh.options')),
  v.check((s) => KEY_TYPES.some((t) => s.startsWith(t + ' ')), k('validation.ssh.type')),
  v.check((s) => {
    const m = PUBLIC_KEY.exec(s);
    return Boolean(m && blobMatchesType(m[1]!, m[2]!));
  }, k('validation.ssh.format')),
);

/** Line breaks, tabs and other control characters: none belongs in a key's name (the server
 * refuses them too). */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** SSH public key: a required title (≤ 255; one of invisible characters only is none) and a
 * one-line `ssh-rsa` / `ssh-ed25519` key of at most 8192 bytes. A pasted private key gets its own
 * message. The key is trimmed. */
export const sshKeySchema = v.object(
  {
    title: v.optional(
      v.pipe(
        v.string(k('validation.ssh.titleRequired')),
        v.trim(),
        v.nonEmpty(k('validation.ssh.titleRequired')),
        visible(k('validation.ssh.titleRequired')),
        v.check((s) => !CONTROL.test(s), k('validation.ssh.titleControl')),
        v.check((s) => chars(s) <= 255, k('validation.ssh.titleMax')),
      ),
      '',
    ),
    key: v.optional(sshPublicKeySchema, ''),
  },
  k('validation.invalidType'),
);
