/** The SSH key API (§7 SSH keys) as the code-hosting service answers it, for `<yx-ssh-keys>`. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import { KEYS_PATH } from '../../src/features/ssh-keys/api';
import { daysFromNow, ok, route } from './common';

/** Real public keys (made with ssh-keygen for the tests; they open nothing) and their fingerprints. */
export const PUBLIC_KEYS = {
  ed25519: {
    line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIP8+NsoN8Eb1HGLBbAS4xkZHhM4pw2m1yUGV0TqJ9B5Z alice@laptop',
    fingerprint: 'SHA256:SkKsh56F+OK41zCDizrFnM+cUDTIVvO89s2cCstDzqE',
  },
  rsa3072: {
    line: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQCpP3CANLctcKtIXGFy9t0nRSzjEmhtYt88ppF51Y/AGQprSqvn0dSSlLVmiobpfzP26lU+yJ83nINRhKpwPGPpKmq+/NcSBEfurgWJFZxgdNJ6eMgawyRej/1Zq+dGKyew+bJAbM1yzWFiEpyy9QetVpEtVXBSc5fOu7UZ3AAd0UvWTnAOuMlkg/QUZE1eLrlevc1ybQkBNFC+OVAaDTqUWXbwfTrkF69XEI30ZzSQjTBOeImcmd5Ti3Etk54Dmfod+81YqMgul8FV1zQUWXr2VQB+XctiVzq2q7Er5SJXSSVfRG1KZ5dzuDrjBGEpYwp1qfItgFne0td7oQimBcGrIjsTmX2csbRCKtB2aKHZkBGhWIXbfgBk7cyRmUlMxgNcBYtRhTyYERqwUZ7U+mXVD1gmrH1DcYlHFccI0X7Lr/QJI3yqjauhCrODJQjr6e6lWR9pI0IT1lsRfKz9XG4vkyb6NwcmvIF3qBHVdgQ37rEKc13CGjLAM/1BcYZimR0= bob@build-server',
    fingerprint: 'SHA256:LFHSmpWkML+y3phQ96R10c+rreRcwz18KwPw1p/udH8',
  },
};

export interface SshKeyRow {
  id: string;
  title: string;
  key: string;
  fingerprint: string;
  scope: 'all' | 'read';
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  expired: boolean;
}

/** A registered key: the Ed25519 one, never expiring, never used, unless told otherwise. */
export function sshKey(id: string, overrides: Partial<SshKeyRow> = {}): SshKeyRow {
  return {
    id,
    title: `key-${id}`,
    key: PUBLIC_KEYS.ed25519.line,
    fingerprint: PUBLIC_KEYS.ed25519.fingerprint,
    scope: 'all',
    expires_at: null,
    created_at: daysFromNow(-40),
    last_used_at: null,
    expired: false,
    ...overrides,
  };
}

/** One key of each kind: in use and never expiring, read-only with an expiry, expired. */
export const mixedKeys: SshKeyRow[] = [
  sshKey('1', { title: 'Work laptop', last_used_at: daysFromNow(-1) }),
  sshKey('2', {
    title: 'Build server',
    key: PUBLIC_KEYS.rsa3072.line,
    fingerprint: PUBLIC_KEYS.rsa3072.fingerprint,
    scope: 'read',
    expires_at: daysFromNow(60),
  }),
  sshKey('3', { title: 'Old desktop', expires_at: daysFromNow(-20), expired: true, last_used_at: daysFromNow(-90) }),
];

/** The keys path through the SSH proxy (standard flavours) or straight (global, §2). */
export const sshPaths = (prefix = '/uiless/proxy') => ({
  keys: route(`${prefix}${KEYS_PATH}`),
  key: route(`${prefix}${KEYS_PATH}/{id}`),
});

/** A key service where every call succeeds; a new key comes back as the service stores it. */
export function sshKeyHandlers(keys: SshKeyRow[] = mixedKeys, prefix = '/uiless/proxy'): HttpHandler[] {
  const paths = sshPaths(prefix);
  return [
    http.get(paths.keys, () => HttpResponse.json(keys)),
    http.post(paths.keys, async ({ request }) => {
      const body = (await request.json()) as { title: string; key: string; scope: 'all' | 'read' };
      return HttpResponse.json(sshKey('new', { title: body.title, key: body.key, scope: body.scope }));
    }),
    http.post(paths.key, ok),
    http.delete(paths.key, ok),
  ];
}
