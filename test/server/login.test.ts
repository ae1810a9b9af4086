import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

const server = useTestServer();

describe('signing in with a password', () => {
  it('signs the demo user in and returns the user with a fresh CSRF token', async () => {
    const browser = new Client(server.url);
    const settings = await browser.pageSettings();
    const answer = await browser.login('demo', 'Demo@2026', { user_agent: 'test-agent', 'umid-token': 'umid-1' });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.user.username, 'demo');
    assert.deepEqual(answer.body.user.email, { address: 'demo@example.com', verified: true });
    assert.equal(typeof answer.body.csrfToken, 'string');
    assert.notEqual(answer.body.csrfToken, settings.body.csrfToken, 'the CSRF token is rotated at sign-in');
    const me = await browser.get('/individual/proxy/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.username, 'demo');
  });

  it('accepts the verified email address as the account, in any letter case', async () => {
    const answer = await new Client(server.url).login('Alice@Example.com', 'Alice@2026');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.user.username, 'alice');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, Secure only behind HTTPS', async () => {
    const plain = new Client(server.url);
    await plain.pageSettings();
    const res = await plain.post('/users/ajax/login', { username: 'demo', password: 'Demo@2026' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('yx_sid='))!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/);
    const proxied = new Client(server.url);
    const settings = await proxied.get('/users/ajax/v1/page-settings', { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(settings.headers.getSetCookie()[0]!, /Secure/);
  });

  it('gives a wrong password and an unknown account the same answer in about the same time', async () => {
    const browser = new Client(server.url);
    await browser.pageSettings();
    const wrong: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    // Two wrong passwords in a row stay below the slider (3) and the freeze (5): each round ends
    // with a right password for alice, and each round's unknown name is new.
    const timed = async (times: number[], username: string) => {
      const t = performance.now();
      const answer = await browser.post('/users/ajax/login', { username, password: 'Wrong@2026' });
      times.push(performance.now() - t);
      return answer;
    };
    for (let i = 0; i < 8; i++) {
      const name = `nobody-here-${i}`;
      // Alternating which goes first, so neither always runs right after the other's work.
      const answers =
        i % 2 === 0
          ? [await timed(wrong, 'alice'), await timed(unknown, name)]
          : [await timed(unknown, name), await timed(wrong, 'alice')];
      for (const answer of answers) {
        assert.equal(answer.status, 401);
        const { requestId: _id, ...rest } = answer.body;
        bodies.add(JSON.stringify(rest));
      }
      assert.equal((await new Client(server.url).login('alice', 'Alice@2026')).status, 200);
    }
    assert.equal(bodies.size, 1, `one answer for both: ${[...bodies].join(' | ')}`);
    assert.equal(JSON.parse([...bodies][0]!).code, 'account_or_password_incorrect');
    // Both pay for one argon2id verification (~10 ms); skipping it for unknown accounts would
    // make them several times faster. The fastest of each is compared: a busy machine only ever
    // adds time, so the minimum is the cost itself (a median of a few still swung 3x under load).
    const ratio = Math.min(...unknown) / Math.min(...wrong);
    const figures = `unknown ${Math.min(...unknown).toFixed(1)} ms, wrong ${Math.min(...wrong).toFixed(1)} ms`;
    assert.ok(ratio > 0.4 && ratio < 2.5, figures);
    // The right password still works and clears the count.
    assert.equal((await new Client(server.url).login('alice', 'Alice@2026')).status, 200);
  });

  it('answers in the request language', async () => {
    const browser = new Client(server.url);
    await browser.pageSettings();
    const en = await browser.post(
      '/users/ajax/login',
      { username: 'x', password: 'y' },
      {
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      },
    );
    assert.equal(en.body.message, 'The account or password is incorrect');
    const zh = await browser.post(
      '/users/ajax/login',
      { username: 'x', password: 'y' },
      {
        headers: { cookie: `${browser.cookieHeader}; ak_user_locale=zh_CN`, 'accept-language': 'en' },
      },
    );
    assert.equal(zh.body.message, '账号或密码错误');
  });

  it('names the missing field when the account is empty', async () => {
    const browser = new Client(server.url);
    await browser.pageSettings();
    const answer = await browser.post(
      '/users/ajax/login',
      { username: '  ', password: 'x' },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'invalid_request');
    assert.equal(answer.body.field, 'username');
    assert.equal(answer.body.message, 'Enter your account');
  });

  it('lets two browsers sign in to the same account at once, each with its own session', async () => {
    const [a, b] = [new Client(server.url), new Client(server.url)];
    await Promise.all([a.pageSettings(), b.pageSettings()]);
    const [ra, rb] = await Promise.all([a.login('demo', 'Demo@2026'), b.login('demo', 'Demo@2026')]);
    assert.equal(ra.status, 200);
    assert.equal(rb.status, 200);
    assert.notEqual(a.cookies.get('yx_sid'), b.cookies.get('yx_sid'));
    assert.equal((await a.get('/individual/proxy/me')).status, 200);
    assert.equal((await b.get('/individual/proxy/me')).status, 200);
  });
});

describe('given five wrong passwords in a row', () => {
  it('freezes the account for one hour, refusing even the right password, then lets it in', async () => {
    const browser = new Client(server.url);
    await browser.pageSettings();
    // From the 4th attempt on, each needs a slider token (login-slider.test.ts covers the slider).
    const sliderToken = async () => {
      const challenge = await browser.post('/users/ajax/users/alice/sliderCaptcha');
      const trail = [0, 60, 130, 210, 300].map((x, i) => ({ x, t: i * 90 + (i % 2) * 7 }));
      const verified = await browser.post('/users/ajax/users/alice/sliderCaptcha:verify', {
        challenge_id: challenge.body.challenge_id,
        trail,
      });
      return verified.body.slider_token as string;
    };
    const attempt = async (password: string, slider = false) =>
      browser.post(
        '/users/ajax/login',
        { username: 'alice', password, ...(slider ? { slider_token: await sliderToken() } : {}) },
        { headers: { 'accept-language': 'en' } },
      );
    for (let i = 0; i < 4; i++) {
      assert.equal((await attempt('Wrong@2026', i >= 3)).body.code, 'account_or_password_incorrect');
    }
    const fifth = await attempt('Wrong@2026', true);
    assert.equal(fifth.status, 423);
    assert.equal(fifth.body.code, 'account_frozen');
    assert.equal(fifth.body.message, 'Too many incorrect passwords. The account is frozen for 1 hour.');

    const right = await attempt('Alice@2026');
    assert.equal(right.body.code, 'account_frozen', 'frozen even with the right password');

    server.clock.advance(59 * 60_000);
    assert.equal((await attempt('Alice@2026')).body.code, 'account_frozen', 'still frozen after 59 minutes');

    server.clock.advance(2 * 60_000);
    const later = await attempt('Alice@2026');
    assert.equal(later.status, 200, 'in again after the hour');
  });

  it('counts concurrent wrong passwords without losing any', async () => {
    const browser = new Client(server.url);
    await browser.pageSettings();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => browser.post('/users/ajax/login', { username: 'dave', password: 'Nope@2026' })),
    );
    const codes = answers.map((a) => a.body.code as string);
    // An attempt that reads three failures already counted needs the slider and is not counted:
    // how many of the five get that far depends on how they interleave (at least three do).
    const counted: string[] = codes.filter(
      (code) => code === 'account_or_password_incorrect' || code === 'account_frozen',
    );
    assert.deepEqual(
      codes.filter((code) => !counted.includes(code) && code !== 'slider_required'),
      [],
      'only wrong password, frozen or slider required',
    );
    assert.ok(counted.length >= 3, `${codes.join(', ')}`);
    const dave = () =>
      server.database.db
        .selectFrom('users')
        .select(['failed_attempts', 'frozen_until'])
        .where('username', '=', 'dave')
        .executeTakeFirstOrThrow();
    const row = await dave();
    if (counted.length === 5) {
      // The fifth counted one froze the account, exactly once, and the count starts again.
      assert.equal(codes.filter((code) => code === 'account_frozen').length, 1);
      assert.equal(row.failed_attempts, 0);
      assert.ok(row.frozen_until);
      const right = await browser.post('/users/ajax/login', { username: 'dave', password: 'Dave@2026' });
      assert.equal(right.body.code, 'account_frozen');
      server.clock.advance(61 * 60_000);
    } else {
      // Every counted failure is in the count: none was lost to a concurrent one.
      assert.equal(codes.filter((code) => code === 'account_frozen').length, 0);
      assert.equal(row.failed_attempts, counted.length);
      assert.equal(row.frozen_until, null);
      await server.database.db
        .updateTable('users')
        .set({ failed_attempts: 0 })
        .where('username', '=', 'dave')
        .execute();
    }
  });
});

describe('sessions', () => {
  it('rotates the session id at sign-in, so a pre-sign-in id is worthless', async () => {
    const browser = new Client(server.url);
    await browser.pageSettings();
    const before = browser.cookies.get('yx_sid')!;
    await browser.login('demo', 'Demo@2026');
    const afterLogin = browser.cookies.get('yx_sid')!;
    assert.notEqual(afterLogin, before);
    const planted = await fetch(`${server.url}/individual/proxy/me`, { headers: { cookie: `yx_sid=${before}` } });
    assert.equal(planted.status, 401);
  });

  it('ends the session on the server at logout and redirects to sign-in with a same-origin next_url', async () => {
    const browser = new Client(server.url);
    await browser.login('demo', 'Demo@2026');
    const stolen = browser.cookieHeader;
    const out = await browser.get('/users/logout?next_url=' + encodeURIComponent('/users/#/users/settings/ssh'));
    assert.equal(out.status, 302);
    assert.equal(
      out.headers.get('location'),
      '/users/#/users/login?nextUrl=' + encodeURIComponent('/users/#/users/settings/ssh'),
    );
    const reused = await fetch(`${server.url}/individual/proxy/me`, { headers: { cookie: stolen } });
    assert.equal(reused.status, 401, 'the old cookie no longer works');
    assert.equal((await browser.get('/individual/proxy/me')).status, 401);
  });

  it('asks before a sign-out that another website started, and signs out from its own link', async () => {
    const browser = new Client(server.url);
    await browser.login('demo', 'Demo@2026');
    const next = '/users/#/users/settings/ssh';
    const path = '/users/logout?next_url=' + encodeURIComponent(next);
    const asked = await browser.get(path, { headers: { 'sec-fetch-site': 'cross-site' } });
    assert.equal(asked.status, 200);
    assert.match(asked.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
    assert.doesNotMatch(asked.headers.get('content-security-policy')!, /unsafe-inline/);
    const page = String(asked.body);
    // In demo's saved language.
    assert.match(page, /<html lang="zh-CN">[^]*<title>要退出登录吗？<\/title>/);
    assert.ok(page.includes(`href="logout?next_url=${encodeURIComponent(next)}"`), page);
    assert.ok(page.includes(`href="/users/#/users/settings/ssh"`), page);
    const hashNext = '/users/logout?next_url=' + encodeURIComponent('#/users/settings/ssh');
    const hashPage = await browser.get(hashNext, { headers: { 'sec-fetch-site': 'cross-site' } });
    assert.ok(String(hashPage.body).includes('href="./#/users/settings/ssh"'), 'a hash route stays on the page');
    assert.equal((await browser.get('/individual/proxy/me')).status, 200, 'still signed in');

    for (const site of ['same-origin', 'same-site', 'none']) {
      const again = new Client(server.url);
      await again.login('demo', 'Demo@2026');
      const out = await again.get(path, { headers: { 'sec-fetch-site': site } });
      assert.equal(out.status, 302, site);
      assert.equal((await again.get('/individual/proxy/me')).status, 401, site);
    }
    const out = await browser.get(path, { headers: { 'sec-fetch-site': 'same-origin' } });
    assert.equal(out.status, 302);
    assert.equal((await browser.get('/individual/proxy/me')).status, 401);
  });

  it('drops a next_url that points to another site', async () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const out = await new Client(server.url).get('/users/logout?next_url=' + encodeURIComponent(next));
      assert.equal(out.headers.get('location'), '/users/#/users/login', next);
    }
  });

  it('expires a session after 7 days without use', async () => {
    const browser = new Client(server.url);
    await browser.login('alice', 'Alice@2026');
    server.clock.advance(6 * 24 * 3600_000);
    assert.equal((await browser.get('/individual/proxy/me')).status, 200, 'used within 7 days');
    server.clock.advance(7 * 24 * 3600_000 + 60_000);
    assert.equal((await browser.get('/individual/proxy/me')).status, 401, 'idle for over 7 days');
  });
});

describe('logs', () => {
  it('never contain passwords, session or device cookies or CSRF tokens', async () => {
    const browser = new Client(server.url);
    await browser.login('demo', 'Demo@2026', { 'umid-token': 'umid-secret-value' });
    await browser.put('/users/ajax/v1/my/preferences', { language: 'en_US' });
    await browser.post('/users/ajax/login', { username: 'demo', password: 'Wrong-Secret@1' });
    const all = server.logs.join('\n');
    assert.ok(server.logs.length > 5);
    for (const secret of [
      'Demo@2026',
      'Wrong-Secret@1',
      'umid-secret-value',
      browser.cookies.get('yx_sid')!,
      browser.cookies.get('yx_did')!,
      browser.csrfToken,
    ]) {
      assert.ok(!all.includes(secret), `log leaks ${secret.slice(0, 4)}…`);
    }
    const line = JSON.parse(server.logs.find((l) => l.includes('"login succeeded"'))!);
    assert.equal(typeof line.requestId, 'string');
    assert.equal(typeof line.userId, 'string');
  });
});
