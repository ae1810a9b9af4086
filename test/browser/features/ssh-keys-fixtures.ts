/**
 * Throwaway SSH keys for the <yx-ssh-keys> tests, made with OpenSSH 9.2 `ssh-keygen` and fingerprinted
 * with `ssh-keygen -l -E sha256 -f <file>.pub`. They protect nothing (no server knows them); the private
 * key is here only to prove the form refuses one.
 */
import type { MockRoute } from '../fixtures/harness';

export interface KeyFixture {
  /** What the key is. */
  description: string;
  /** The `.pub` line as ssh-keygen wrote it. */
  line: string;
  /** `ssh-keygen -l -E sha256` of that line. */
  fingerprint: string;
  /** The key size ssh-keygen reports. */
  bits: number;
}

/** Real public keys with the fingerprints ssh-keygen prints for them. */
export const KEYS = {
  ed25519: {
    description: 'Ed25519, comment alice@laptop',
    line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIP8+NsoN8Eb1HGLBbAS4xkZHhM4pw2m1yUGV0TqJ9B5Z alice@laptop',
    fingerprint: 'SHA256:SkKsh56F+OK41zCDizrFnM+cUDTIVvO89s2cCstDzqE',
    bits: 256,
  },
  ed25519NoComment: {
    description: 'Ed25519 without a comment',
    line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILYilVQIsxiSWRNJqxn42o8aeb5lnIYUT1UbT4lrpW5g',
    fingerprint: 'SHA256:wmhaPKCWJAYagy3YspswqspKgWj7lxcpTGbGGCa0LMs',
    bits: 256,
  },
  rsa3072: {
    description: 'RSA 3072 bits, comment bob@build-server',
    line: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQCpP3CANLctcKtIXGFy9t0nRSzjEmhtYt88ppF51Y/AGQprSqvn0dSSlLVmiobpfzP26lU+yJ83nINRhKpwPGPpKmq+/NcSBEfurgWJFZxgdNJ6eMgawyRej/1Zq+dGKyew+bJAbM1yzWFiEpyy9QetVpEtVXBSc5fOu7UZ3AAd0UvWTnAOuMlkg/QUZE1eLrlevc1ybQkBNFC+OVAaDTqUWXbwfTrkF69XEI30ZzSQjTBOeImcmd5Ti3Etk54Dmfod+81YqMgul8FV1zQUWXr2VQB+XctiVzq2q7Er5SJXSSVfRG1KZ5dzuDrjBGEpYwp1qfItgFne0td7oQimBcGrIjsTmX2csbRCKtB2aKHZkBGhWIXbfgBk7cyRmUlMxgNcBYtRhTyYERqwUZ7U+mXVD1gmrH1DcYlHFccI0X7Lr/QJI3yqjauhCrODJQjr6e6lWR9pI0IT1lsRfKz9XG4vkyb6NwcmvIF3qBHVdgQ37rEKc13CGjLAM/1BcYZimR0= bob@build-server',
    fingerprint: 'SHA256:LFHSmpWkML+y3phQ96R10c+rreRcwz18KwPw1p/udH8',
    bits: 3072,
  },
  rsa1024: {
    description: 'RSA 1024 bits: under the 2048-bit minimum',
    line: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDB0IqgVudLQXkhOJ/90ywZaCn/G9kUgUEs/Z7CaEFw9YzYUR63fhOCQUmmTGdFu99qyrcME/zgsG4RwdiiwPSaC8LMwfwB1vvjLMeKl8lrQFUF6aHuDckpvt+OVDmL/XtaGBDocCIC6UcwZb4GtbUMuXFntYKDsy2DEtMp62NJdQ== old@legacy',
    fingerprint: 'SHA256:Ply/Moo51ZohWWV328ekQha7FdP+SgVOrQG8mYlTdsc',
    bits: 1024,
  },
  ecdsa: {
    description: 'ECDSA P-256: a type the service refuses',
    line: 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBN/V12of60N3eaA6TjwsGOZIxAkD7TGvu8MPDOVg/nOVEA5BNznPS4/jFK9/0RcQUHqON0rTHh1Al6LACvOZ+A0= carol@mac',
    fingerprint: 'SHA256:3velPhI9X9GMSMWWNfuByAMKzQ+BijoM6GvCGDDhZVY',
    bits: 256,
  },
} satisfies Record<string, KeyFixture>;

/** The private half of an Ed25519 key (OpenSSH format, no passphrase). */
export const PRIVATE_KEY = [
  '-----BEGIN OPENSSH PRIVATE KEY-----',
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
  'QyNTUxOQAAACD/PjbKDfBG9RxiwWwEuMZGR4TOKcNptclBldE6ifQeWQAAAJBV9m5aVfZu',
  'WgAAAAtzc2gtZWQyNTUxOQAAACD/PjbKDfBG9RxiwWwEuMZGR4TOKcNptclBldE6ifQeWQ',
  'AAAEASmFOnKhplXQ/NNHvx2r8NVe+9yD/AX0baSZ3yMHqo2v8+NsoN8Eb1HGLBbAS4xkZH',
  'hM4pw2m1yUGV0TqJ9B5ZAAAADGFsaWNlQGxhcHRvcAE=',
  '-----END OPENSSH PRIVATE KEY-----',
].join('\n');

/** The Ed25519 line with its blob cut after 48 base64 characters; ssh-keygen: "is not a public key file". */
export const TRUNCATED_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIP8+NsoN8Eb1HGLBbAS4xkZH trunc@host';

/** An Ed25519 blob announced as ssh-rsa; ssh-keygen: "is not a public key file". */
export const MISMATCHED_KEY =
  'ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIP8+NsoN8Eb1HGLBbAS4xkZHhM4pw2m1yUGV0TqJ9B5Z mismatch@host';
/** Longer than the 8 KB the service accepts (not a key at all). */
export const TOO_LONG_KEY = 'ssh-ed25519 ' + 'A'.repeat(8200) + ' big@host';

const DAY = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** The keys path in the standard flavours (through the proxy) and in global (straight). */
export const KEYS_PATH = '/uiless/proxy/codeup/api/v3/user/keys';
export const GLOBAL_KEYS_PATH = '/codeup/api/v3/user/keys';

export interface SshKeyRow {
  id: string | number;
  title: string;
  key: string;
  fingerprint: string;
  scope: 'all' | 'read';
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  expired: boolean;
}

/** A registered key as the server lists it: the Ed25519 fixture, never expiring, never used. */
export function sshKey(id: string | number, overrides: Partial<SshKeyRow> = {}): SshKeyRow {
  return {
    id,
    title: `key-${id}`,
    key: KEYS.ed25519.line,
    fingerprint: KEYS.ed25519.fingerprint,
    scope: 'all',
    expires_at: null,
    created_at: daysFromNow(-10),
    last_used_at: null,
    expired: false,
    ...overrides,
  };
}

/** The list route with these keys (standard prefix unless told otherwise). */
export const listRoute = (keys: SshKeyRow[], path = KEYS_PATH): MockRoute => ({ method: 'GET', path, body: keys });
