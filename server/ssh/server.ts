/**
 * The SSH endpoint (`SSH_PORT`): proves a registered key works, the way `ssh -T git@github.com`
 * does. Public-key authentication only; a session, shell or exec request gets a greeting naming
 * the user and the key, then the connection closes. No repositories are served.
 */
import type { Server as NetServer } from 'node:net';
import ssh2 from 'ssh2';
import type { Connection, PublicKeyAuthContext, Session } from 'ssh2';
import type { AppDeps } from '../context';
import type { SshKeyRow, UserRow } from '../db/schema';
import { findLiveKeyByFingerprint, touchSshKey } from '../repos/ssh-keys';
import { loadHostKey } from './host-key';
import { fingerprintOf } from './keys';

// ssh2 is CommonJS; Node's ESM loader only detects some of its named exports.
const { Server, utils } = ssh2;

/** A client must authenticate within this time (OpenSSH's LoginGraceTime is 120 s). */
const LOGIN_GRACE_MS = 30_000;
/** Authentication attempts per connection before it is closed (OpenSSH's MaxAuthTries). */
const MAX_AUTH_TRIES = 6;

/** A running SSH endpoint. */
export interface SshServer {
  port: number;
  /** `SHA256:…` of the host key, as `ssh` shows it on first connection. */
  hostKeyFingerprint: string;
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
}

/** What the greeting says: `Hi demo! You've successfully authenticated with key "laptop" (read-only).`
 * The title is JSON-quoted: it is user data, and must not smuggle control characters to a terminal. */
export function sshGreeting(user: Pick<UserRow, 'username'>, key: Pick<SshKeyRow, 'title' | 'scope'>): string {
  const access = key.scope === 'read' ? 'read-only' : 'read-write';
  return `Hi ${user.username}! You've successfully authenticated with key ${JSON.stringify(key.title)} (${access}).`;
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'log'>;

/** Checks one public-key attempt; the signed-in key and user, or null (refused). */
async function verifyAttempt(deps: Deps, ctx: PublicKeyAuthContext) {
  const found = await findLiveKeyByFingerprint(deps.db, fingerprintOf(ctx.key.data), deps.clock.now());
  if (!found) return null;
  const stored = utils.parseKey(found.key.key);
  if (stored instanceof Error || Array.isArray(stored)) return null;
  if (!stored.getPublicSSH().equals(ctx.key.data)) return null;
  // Without a signature the client only asks whether the key would do (RFC 4252 §7): say yes,
  // it then signs. Only a verified signature signs in.
  if (!ctx.signature || !ctx.blob) return { ...found, signed: false };
  if (stored.verify(ctx.blob, ctx.signature, ctx.hashAlgo) !== true) return null;
  return { ...found, signed: true };
}

/** Answers the first shell or exec request of a session with the greeting, then closes. */
function greetOnSession(session: Session, greeting: string, connection: Connection) {
  let pty = false;
  session.on('pty', (accept) => {
    pty = true;
    accept?.();
  });
  session.on('env', (accept) => accept?.());
  const greet = (accept: () => ssh2.ServerChannel) => {
    const channel = accept();
    channel.write(greeting + (pty ? '\r\n' : '\n'));
    channel.exit(0);
    channel.end();
    channel.once('close', () => connection.end());
  };
  session.once('shell', (accept) => greet(accept));
  session.once('exec', (accept) => greet(accept));
}

/** Serves one connection: authentication, then greetings. */
function handleConnection(deps: Deps, connection: Connection, open: Set<Connection>) {
  open.add(connection);
  const grace = setTimeout(() => connection.end(), LOGIN_GRACE_MS);
  let tries = 0;
  let greeting: string | undefined;
  connection.on('close', () => {
    clearTimeout(grace);
    open.delete(connection);
  });
  // A client vanishing mid-handshake is routine, not a server fault.
  connection.on('error', (error) => deps.log.debug('ssh connection error', { error: error.message }));

  connection.on('authentication', (ctx) => {
    if (ctx.method !== 'publickey') return ctx.reject(['publickey']);
    verifyAttempt(deps, ctx).then(
      async (result) => {
        if (!result) {
          if (++tries >= MAX_AUTH_TRIES) connection.end();
          return ctx.reject(['publickey']);
        }
        if (result.signed) {
          await touchSshKey(deps.db, result.key.id, deps.clock.now());
          greeting = sshGreeting(result.user, result.key);
          deps.log.info('ssh sign-in', { userId: result.user.id, keyId: result.key.id });
        }
        ctx.accept();
      },
      (error: unknown) => {
        deps.log.error('ssh authentication failed', { error });
        ctx.reject(['publickey']);
      },
    );
  });

  connection.on('ready', () => {
    clearTimeout(grace);
    connection.on('session', (accept) => greetOnSession(accept(), greeting ?? '', connection));
  });
}

/**
 * Starts the SSH endpoint on `host:port` (0 = any free port), with the stored host key.
 * @example const ssh = await startSshServer(deps, { host: '127.0.0.1', port: 2222 })
 */
export async function startSshServer(deps: Deps, options: { host: string; port: number }): Promise<SshServer> {
  const hostKey = await loadHostKey(deps.db);
  const open = new Set<Connection>();
  const server = new Server({ hostKeys: [hostKey.privateKey], ident: 'yx-account' }, (connection) =>
    handleConnection(deps, connection, open),
  );
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });
  server.on('error', (error: Error) => deps.log.error('ssh server error', { error }));
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      (server as unknown as NetServer).close(() => resolve());
      for (const connection of open) connection.end();
    }));
  return { port, hostKeyFingerprint: hostKey.fingerprint, close };
}
