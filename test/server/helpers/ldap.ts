/**
 * A real LDAP directory for the sign-in tests: Debian's OpenLDAP `slapd`, run as our own
 * throwaway instance (generated slapd.conf, mdb database in a temp dir, 127.0.0.1 on a free
 * port), filled with `ldapadd`. When slapd is missing it is installed with apt-get (as root,
 * non-interactively); when that is impossible {@link startDirectory} prints why and returns null,
 * so the caller can skip its tests.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SLAPD = '/usr/sbin/slapd';
const LDAPADD = '/usr/bin/ldapadd';
const LDAPSEARCH = '/usr/bin/ldapsearch';

export interface TestDirectory {
  url: string;
  baseDn: string;
  /** The directory's administrator: the search account of the server under test. */
  bindDn: string;
  bindPassword: string;
  /** Adds entries (LDIF text) as the administrator. */
  add(ldif: string): void;
  stop(): Promise<void>;
}

/** An `inetOrgPerson` under `ou=people`, as LDIF. */
export function person(p: { uid: string; password: string; mail?: string }, baseDn = 'dc=example,dc=org'): string {
  return [
    `dn: uid=${p.uid},ou=people,${baseDn}`,
    'objectClass: inetOrgPerson',
    `uid: ${p.uid}`,
    `cn: ${p.uid}`,
    `sn: ${p.uid}`,
    ...(p.mail ? [`mail: ${p.mail}`] : []),
    `userPassword: ${p.password}`,
    '',
  ].join('\n');
}

/** Why slapd cannot run here, or null once it is installed. */
function ensureInstalled(): string | null {
  if (existsSync(SLAPD) && existsSync(LDAPADD)) return null;
  if (process.getuid?.() !== 0) return 'slapd is not installed and we are not root (apt-get install slapd ldap-utils)';
  if (spawnSync('apt-get', ['--version']).status !== 0) return 'slapd is not installed and apt-get is unavailable';
  console.log('# [ldap] slapd not found: installing slapd and ldap-utils with apt-get …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'slapd', 'ldap-utils'], { env, stdio: 'ignore' });
  // The package lists may be stale or absent: refresh them once when the first try fails.
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { env, stdio: 'ignore' });
    if (install().status !== 0) return 'apt-get install slapd ldap-utils failed';
  }
  return existsSync(SLAPD) && existsSync(LDAPADD) ? null : 'slapd is still missing after apt-get install';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts slapd with `dc=example,dc=org` and `ou=people`; null (reason printed) when it cannot. */
export async function startDirectory(): Promise<TestDirectory | null> {
  const problem = ensureInstalled();
  if (problem) {
    console.log(`# [ldap] skipping the directory tests: ${problem}`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'yx-slapd-'));
  mkdirSync(join(dir, 'data'));
  const baseDn = 'dc=example,dc=org';
  const bindDn = `cn=admin,${baseDn}`;
  const bindPassword = 'directory-admin-secret';
  writeFileSync(
    join(dir, 'slapd.conf'),
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${baseDn}"`,
      `rootdn "${bindDn}"`,
      `rootpw ${bindPassword}`,
      `directory ${join(dir, 'data')}`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // `-d 0` keeps slapd in the foreground, so it is our child and dies with the stop below.
  const child: ChildProcess = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: 'ignore',
  });
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  let ready = false;
  for (let i = 0; i < 100 && !ready && child.exitCode === null; i++) {
    ready = spawnSync(LDAPSEARCH, ['-x', '-H', url, '-b', '', '-s', 'base'], { stdio: 'ignore' }).status === 0;
    if (!ready) await sleep(100);
  }
  if (!ready) {
    child.kill('SIGKILL');
    cleanup();
    console.log(`# [ldap] skipping the directory tests: slapd did not start on ${url}`);
    return null;
  }
  const add = (ldif: string) => {
    execFileSync(LDAPADD, ['-x', '-H', url, '-D', bindDn, '-w', bindPassword], { input: ldif, stdio: 'pipe' });
  };
  add(
    [
      `dn: ${baseDn}`,
      'objectClass: dcObject',
      'objectClass: organization',
      'dc: example',
      'o: Example',
      '',
      `dn: ou=people,${baseDn}`,
      'objectClass: organizationalUnit',
      'ou: people',
      '',
    ].join('\n'),
  );
  return {
    url,
    baseDn,
    bindDn,
    bindPassword,
    add,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(3000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      cleanup();
    },
  };
}
