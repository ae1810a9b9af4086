/**
 * `PUBLIC_URL` under a path prefix (`https://example.com/devops`, a proxy mapping `/devops/` to
 * this server's `/`) is refused at start: the server's redirects, the page's links, the elements'
 * API paths and the app logos are all absolute on the origin, so a prefix would reach the emailed
 * links and nothing else. An origin, with or without its trailing slash, is taken.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { ConfigError, loadConfig } from '../../server/config';

const PREFIXED = ['https://example.com/devops', 'https://example.com/devops/', 'http://example.com:8080/a/b'];

/** Runs `npm run server`'s entry with `env` added; resolves with its exit code and stderr. */
function startWith(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      // PORT 0 and no SSH: should the check ever be lost, the server starts without a clash.
      { env: { ...process.env, ...env, PORT: '0', SSH_PORT: '0', DATABASE_URL: '' }, timeout: 120_000 },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

describe('PUBLIC_URL with a path prefix', () => {
  it('is refused with a message that says what is supported', () => {
    for (const value of PREFIXED) {
      assert.throws(
        () => loadConfig({ PUBLIC_URL: value }),
        (e: Error) =>
          e instanceof ConfigError &&
          e.message.includes(`got "${value}"`) &&
          e.message.includes('an origin without a path, such as https://devops.example.com') &&
          e.message.includes('cannot run under a path prefix'),
      );
    }
  });

  it('keeps the server from starting: exit status 2 and the message on stderr', async () => {
    const { code, stderr } = await startWith({ PUBLIC_URL: PREFIXED[0]!, DATA_DIR: '/nonexistent/yx-h1' });
    assert.equal(code, 2, stderr);
    assert.match(stderr, /^Configuration error: PUBLIC_URL must be an origin without a path/m);
  });
});

describe('PUBLIC_URL as an origin', () => {
  it('is taken, with or without a trailing slash, and keeps a port', () => {
    assert.equal(loadConfig({ PUBLIC_URL: 'https://devops.example.com' }).publicUrl, 'https://devops.example.com');
    assert.equal(loadConfig({ PUBLIC_URL: 'https://devops.example.com/' }).publicUrl, 'https://devops.example.com');
    assert.equal(loadConfig({ PUBLIC_URL: ' http://10.0.0.5:8080// ' }).publicUrl, 'http://10.0.0.5:8080');
  });
});
