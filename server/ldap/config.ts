/**
 * LDAP / Windows AD sign-in settings from the environment (documented in docs/server.md):
 * `LDAP_URL` turns it on; `LDAP_BASE_DN` is where users are searched; `LDAP_USER_ATTR` names the
 * login attribute (default `uid`, and `sAMAccountName` for Windows AD); `LDAP_BIND_DN` /
 * `LDAP_BIND_PASSWORD` is the account the search runs as (anonymous when unset); `LDAP_KINDS`
 * lists the buttons the login page shows (`ldap`, `windows-ad`; default `ldap`).
 */

/** The two directory sign-in modes of the login form. */
export const DIRECTORY_KINDS = ['ldap', 'windows-ad'] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

/** A configured directory. */
export interface LdapConfig {
  url: string;
  baseDn: string;
  /** The login attribute for every kind; unset means `uid` (LDAP) or `sAMAccountName` (AD). */
  userAttr: string | undefined;
  bindDn: string | undefined;
  bindPassword: string | undefined;
  kinds: DirectoryKind[];
}

/** The login attribute searched for a sign-in of `kind`. */
export const userAttrFor = (config: LdapConfig, kind: DirectoryKind) =>
  config.userAttr ?? (kind === 'windows-ad' ? 'sAMAccountName' : 'uid');

/** Reads the directory settings; the problem as text (config.ts turns it into a ConfigError). */
export function ldapConfigFromEnv(env: NodeJS.ProcessEnv): { config: LdapConfig | undefined; problem?: string } {
  const get = (name: string) => env[name]?.trim() || undefined;
  const url = get('LDAP_URL');
  if (!url) return { config: undefined };
  if (!/^ldaps?:\/\/[^\s/?#]+\/?$/.test(url)) {
    return { config: undefined, problem: `LDAP_URL must look like ldap://host:389 or ldaps://host:636, got "${url}"` };
  }
  const baseDn = get('LDAP_BASE_DN');
  if (!baseDn) return { config: undefined, problem: 'LDAP_BASE_DN must be set with LDAP_URL (e.g. dc=example,dc=com)' };
  const userAttr = get('LDAP_USER_ATTR');
  if (userAttr && !/^[A-Za-z][A-Za-z0-9-]*$/.test(userAttr)) {
    return { config: undefined, problem: `LDAP_USER_ATTR must be an attribute name, got "${userAttr}"` };
  }
  // Trimmed like the OpenID secrets: a password pasted with a trailing newline must not fail
  // every directory sign-in, and an all-blank one is unset.
  const [bindDn, bindPassword] = [get('LDAP_BIND_DN'), get('LDAP_BIND_PASSWORD')];
  if (Boolean(bindDn) !== Boolean(bindPassword)) {
    return { config: undefined, problem: 'LDAP_BIND_DN and LDAP_BIND_PASSWORD must be set together' };
  }
  const kinds = (get('LDAP_KINDS') ?? 'ldap').split(',').map((k) => k.trim());
  const bad = kinds.find((k) => !(DIRECTORY_KINDS as readonly string[]).includes(k));
  if (bad !== undefined) return { config: undefined, problem: `LDAP_KINDS may list ldap and windows-ad, got "${bad}"` };
  return { config: { url, baseDn, userAttr, bindDn, bindPassword, kinds: kinds as DirectoryKind[] } };
}
