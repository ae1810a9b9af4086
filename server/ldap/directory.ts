/**
 * Checking a password against the directory with `ldapts`: search the user's entry (as the
 * configured service account, or anonymously), then bind as that entry with the password.
 * The answer says who the directory says it is (login attribute and `mail`), nothing more.
 */
import { Client, EqualityFilter, InvalidCredentialsError } from 'ldapts';
import type { Entry } from 'ldapts';
import type { DirectoryKind, LdapConfig } from './config';
import { userAttrFor } from './config';

/** The directory could not be reached or answered with an error (not a wrong password). */
export class DirectoryUnavailable extends Error {
  override name = 'DirectoryUnavailable';
}

/** What the directory said about a sign-in. */
export type DirectoryAnswer =
  { status: 'ok'; username: string | undefined; email: string | undefined } | { status: 'invalid' };

const TIMEOUT_MS = 5000;

const first = (value: Entry[string] | undefined): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined ? undefined : String(v);
};

/**
 * The account name as the directory stores it: Windows users often type `DOMAIN\name` or
 * `name@domain`, while `sAMAccountName` holds the bare name.
 */
function accountName(login: string, kind: DirectoryKind): string {
  const name = login.trim();
  if (kind !== 'windows-ad') return name;
  const slash = name.lastIndexOf('\\');
  if (slash >= 0) return name.slice(slash + 1);
  const at = name.indexOf('@');
  return at > 0 ? name.slice(0, at) : name;
}

/** Checks `password` for `login`. Throws {@link DirectoryUnavailable} when the directory fails. */
export async function authenticate(
  config: LdapConfig,
  kind: DirectoryKind,
  login: string,
  password: string,
): Promise<DirectoryAnswer> {
  // An empty password would be an "unauthenticated bind", which servers accept (RFC 4513 §5.1.2).
  if (!password) return { status: 'invalid' };
  const attr = userAttrFor(config, kind);
  const client = new Client({ url: config.url, timeout: TIMEOUT_MS, connectTimeout: TIMEOUT_MS });
  try {
    if (config.bindDn) await client.bind(config.bindDn, config.bindPassword);
    // An EqualityFilter escapes the value: `*` or `)(` in a login name cannot widen the search.
    const { searchEntries } = await client.search(config.baseDn, {
      scope: 'sub',
      filter: new EqualityFilter({ attribute: attr, value: accountName(login, kind) }),
      attributes: [attr, 'mail'],
    });
    // None, or an ambiguous name: either way nobody can be signed in as it.
    if (searchEntries.length !== 1) return { status: 'invalid' };
    const entry = searchEntries[0]!;
    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return { status: 'invalid' };
      throw error;
    }
    const found = Object.entries(entry).find(([k]) => k.toLowerCase() === attr.toLowerCase())?.[1];
    const mail = Object.entries(entry).find(([k]) => k.toLowerCase() === 'mail')?.[1];
    return { status: 'ok', username: first(found), email: first(mail) };
  } catch (error) {
    throw new DirectoryUnavailable((error as Error).message);
  } finally {
    await client.unbind().catch(() => {});
  }
}
