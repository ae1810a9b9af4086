import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { startSshServer } from '../../server/ssh/server';
import type { SshServer } from '../../server/ssh/server';
import { startE2E } from './support';
import type { E2E } from './support';

/** What the real OpenSSH client printed, and how it ended. */
function sshAs(port: number, identity: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = [
    ...['-p', String(port), '-i', identity],
    ...['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null'],
    ...['-o', 'IdentitiesOnly=yes', '-o', 'BatchMode=yes', '-o', 'ConnectTimeout=30'],
    'git@127.0.0.1',
  ];
  return new Promise((resolve) => {
    execFile('ssh', args, { timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('SSH keys, end to end', () => {
  let e2e: E2E;
  let ssh: SshServer;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'yx-e2e-ssh-'));
    e2e = await startE2E();
    // The same endpoint `npm start` runs on SSH_PORT, over this server's database, clock and log;
    // port 0 lets the system pick a free one, so parallel runs never collide on 2222.
    ssh = await startSshServer(e2e.server.deps, { host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await ssh?.close();
    await e2e?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('adds an ssh-keygen Ed25519 key in the page, signs in with it over ssh, sees it used, and refuses a stranger', async () => {
    const key = join(dir, 'laptop');
    const stranger = join(dir, 'stranger');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'demo@e2e-laptop', '-f', key]);
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'nobody@elsewhere', '-f', stranger]);
    // "256 SHA256:… demo@e2e-laptop (ED25519)": the second field is what the page must show.
    const expected = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${key}.pub`], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)[1]!;
    assert.match(expected, /^SHA256:[A-Za-z0-9+/]{43}$/);

    const { context, page, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await e2e.login(page, 'demo', 'Demo@2026');
    await page.goto(`${e2e.pageUrl}#/users/settings/ssh`);

    const keys = page.locator('yx-ssh-keys');
    await keys.locator('[part="ssh-keys"][data-status="ready"]').waitFor({ timeout: 30_000 });
    await keys.locator('[part~="add-button"]').first().click();
    const form = keys.locator('[part="ssh-key-form"]');
    await form.locator('textarea[name="key"]').fill(readFileSync(`${key}.pub`, 'utf8'));
    // The preview is computed in the browser with Web Crypto, before anything is sent.
    await assertText(form.locator('[part="fingerprint-preview"] [part="fingerprint"]'), expected);
    // The name comes from the key's comment; the user renames it and makes it read-only.
    assert.equal(await form.locator('input[name="title"]').inputValue(), 'demo@e2e-laptop');
    await form.locator('input[name="title"]').fill('e2e laptop');
    await form.getByRole('radio', { name: 'Read-only' }).click();
    await keys.locator('[part~="submit-button"]').click();

    const row = keys.locator('tr', { hasText: 'e2e laptop' });
    await row.waitFor();
    await assertText(row.locator('[part="fingerprint"]'), expected);
    await assertText(row.locator('[part="scope"]'), 'Read-only');
    await row.locator('[part="last-used"][data-state="never"]').waitFor();

    // The e2e server's clock only moves when told (it starts when the server does): bring it to
    // the wall clock, so "last used" is stamped with the time the browser compares it to.
    const clock = e2e.server.clock;
    clock.advance(Date.now() - clock.now().getTime());
    const signIn = await sshAs(ssh.port, key);
    assert.equal(signIn.code, 0, signIn.stderr);
    assert.equal(
      signIn.stdout.trim(),
      `Hi demo! You've successfully authenticated with key "e2e laptop" (read-only).`,
      signIn.stderr,
    );

    // A fresh load of the page shows the key as just used.
    await page.reload();
    await keys.locator('[part="ssh-keys"][data-status="ready"]').waitFor({ timeout: 30_000 });
    const used = keys.locator('tr', { hasText: 'e2e laptop' }).locator('[part="last-used"]');
    await assertText(used.locator('.yx-ssh-when__relative'), 'just now');
    assert.match((await used.locator('time').getAttribute('datetime')) ?? '', /^\d{4}-\d\d-\d\dT/);

    const refused = await sshAs(ssh.port, stranger);
    assert.equal(refused.code, 255, `ssh exits 255 when refused; stdout: ${refused.stdout}`);
    assert.match(refused.stderr, /Permission denied \(publickey\)/);
    assert.equal(refused.stdout, '', 'no greeting for a key nobody registered');

    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** Waits until the locator's text is `expected` (trimmed), then asserts it, for a clear message. */
async function assertText(locator: Locator, expected: string) {
  await locator
    .filter({ hasText: expected })
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {});
  assert.equal((await locator.first().textContent())?.trim(), expected);
}
