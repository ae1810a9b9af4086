import { expect } from '@open-wc/testing';
import { createTracker } from '../../../src/core/tracker/tracker';
import { createFakeEnvironment } from '../fixtures/tracker-fakes';
import { REDACTED, safeHeaders, scrubText, scrubValue } from '../../../src/core/tracker/scrub';
import { HttpError } from '../../../src/core/http';
import type { HttpErrorListener } from '../../../src/core/http';

const user = () => ({ userId: 'u-1', userName: 'Ann', appName: 'settings', pid: 'p', organizationId: 'org-9' });

const SECRETS = [
  'Hunter2-old',
  'Hunter2-new',
  'tok-plain-111',
  'acc-222',
  'csrf-333',
  '482913',
  'nested-pw-444',
  'json-string-pw-555',
  'json-string-token-666',
  'query-token-777',
  'cookie-888',
  'bearer-999',
  'fragment-000',
  'form-pw-aaa',
];

describe('usage tracker privacy', () => {
  it('never sends a password, token, code, cookie or CSRF token from bodies, URLs or headers', async () => {
    const fake = createFakeEnvironment();
    fake.env.pageUrl = () => 'https://devops.example.com/users/#access_token=fragment-000';
    let listener: HttpErrorListener | undefined;
    const tracker = createTracker({
      endpoint: '/collect',
      user,
      env: fake.env,
      performance: false,
      addHttpErrorListener: (l) => {
        listener = l;
        return () => {};
      },
    });
    tracker.start();

    tracker.reportApiError({
      method: 'PUT',
      url: '/users/ajax/v1/my/password?token=query-token-777&lang=en',
      status: 500,
      requestBody: {
        old_password: 'Hunter2-old',
        new_password: 'Hunter2-new',
        password: 'Hunter2-new',
        token: 'tok-plain-111',
        access_token: 'acc-222',
        csrfToken: 'csrf-333',
        code: '482913',
        profile: { name: 'Ann', credentials: [{ password: 'nested-pw-444' }] },
        payload: JSON.stringify({ password: 'json-string-pw-555', inner: { token: 'json-string-token-666' } }),
        form: 'user=ann&password=form-pw-aaa',
      },
      response: { code: 482913, message: 'bad', echo: { csrf: 'csrf-333' } },
      headers: { Cookie: 'sid=cookie-888', Authorization: 'Bearer bearer-999', 'Content-Type': 'application/json' },
    });
    listener!(
      new HttpError({
        kind: 'http',
        status: 422,
        code: 'invalid',
        message: 'Invalid, see /help?token=query-token-777',
        messageKey: 'http.failed',
        method: 'POST',
        url: '/users/ajax/users/ann/emailCaptcha:verify?captcha=482913',
        body: { code: 'invalid', detail: '{"password":"nested-pw-444"}', authorization: 'Bearer bearer-999' },
      }),
      { durationMs: 30 },
    );
    fake.clock.tick(1_000);

    const raw = await fake.rawSent();
    expect(raw).to.contain('api-error');
    expect(raw).to.contain(REDACTED);
    for (const secret of SECRETS) expect(raw, secret).not.to.contain(secret);
    const entries = (await fake.batches()).flatMap((b) => b.entries);
    expect(entries.map((e) => (e.kind === 'api-error' ? e.headers : undefined))).to.deep.equal([
      { 'content-type': 'application/json' },
      undefined,
    ]);
    tracker.stop();
  });

  it('never sends a token held in a URL nested, encoded, in the page address', async () => {
    const fake = createFakeEnvironment();
    // The login page remembers where to go back to: a page whose own address carries a token.
    fake.env.pageUrl = () =>
      'https://devops.example.com/users/#/users/login?nextUrl=%2Fusers%2F%23%2Fusers%2Femails%3Ftoken%3DSECRET-once';
    const tracker = createTracker({ endpoint: '/collect', user, env: fake.env });
    tracker.start();
    fake.perf.emit({ entryType: 'resource', name: 'https://cdn.example.com/app.js', duration: 400 });
    tracker.stop();

    const raw = await fake.rawSent();
    expect(raw).to.contain('slow-resource');
    expect(raw).not.to.contain('SECRET-once');
    const entries = (await fake.batches()).flatMap((b) => b.entries);
    expect(entries.map((e) => e.url)).to.deep.equal([
      `https://devops.example.com/users/#/users/login?nextUrl=%2Fusers%2F%23%2Fusers%2Femails%3Ftoken%3D${REDACTED}`,
    ]);
  });

  describe('the scrubber', () => {
    it('redacts secret keys at any depth, also inside JSON strings, and keeps the rest', () => {
      const scrubbed = scrubValue({
        name: 'ci',
        token_scopes: ['repo'],
        list: [{ private_key: 'k' }, { Captcha: 'c' }],
        raw: '{"user":"ann","secret":"s"}',
      });
      expect(scrubbed).to.deep.equal({
        name: 'ci',
        token_scopes: REDACTED,
        list: [{ private_key: REDACTED }, { Captcha: REDACTED }],
        raw: `{"user":"ann","secret":"${REDACTED}"}`,
      });
    });

    it('redacts query and fragment parameters, form bodies, auth schemes and URL credentials in text', () => {
      expect(scrubText('/a?token=t1&b=2#id_token=t2')).to.equal(`/a?token=${REDACTED}&b=2#id_token=${REDACTED}`);
      expect(scrubText('password=p&user=ann')).to.equal(`password=${REDACTED}&user=ann`);
      expect(scrubText('Authorization: Bearer abc.def')).to.equal(`Authorization: Bearer ${REDACTED}`);
      expect(scrubText('https://ann:pw@host/x')).to.equal(`https://${REDACTED}@host/x`);
      expect(scrubText('cut {"password": "p", "code": 123')).to.equal(
        `cut {"password": "${REDACTED}", "code": "${REDACTED}"`,
      );
    });

    it('redacts parameters of a URL nested in a parameter, encoded once or twice', () => {
      expect(scrubText('/login?nextUrl=%2Femails%3Ftoken%3Dt1%26lang%3Den')).to.equal(
        `/login?nextUrl=%2Femails%3Ftoken%3D${REDACTED}%26lang%3Den`,
      );
      expect(scrubText('/login?nextUrl=%2Fa%253Fx%253D1%2526access_token%253Dt2%2523top&b=2')).to.equal(
        `/login?nextUrl=%2Fa%253Fx%253D1%2526access_token%253D${REDACTED}%2523top&b=2`,
      );
      expect(scrubText('/login?next=%2Fcallback%3Fcode%3D4%2F0AX4Xf%26state%3Ds')).to.equal(
        `/login?next=%2Fcallback%3Fcode%3D${REDACTED}%26state%3Ds`,
      );
      expect(scrubText('/login?nextUrl=%2Fsearch%3Fq%3Dann')).to.equal('/login?nextUrl=%2Fsearch%3Fq%3Dann');
    });

    it('keeps the word "token" in prose and the error code of an API error', () => {
      expect(scrubText('The activation token does not match')).to.equal('The activation token does not match');
      expect(scrubText('Token expired. Check the token.')).to.equal('Token expired. Check the token.');
      expect(scrubText('Basic dXNlcjpwYXNz, Token 9f2c41aa')).to.equal(`Basic ${REDACTED}, Token ${REDACTED}`);
      expect(scrubText('{"code":"email_token_mismatch","message":"The activation token does not match"')).to.equal(
        '{"code":"email_token_mismatch","message":"The activation token does not match"',
      );
      expect(scrubText('?code=482913&error_code=NOT_FOUND')).to.equal(`?code=${REDACTED}&error_code=NOT_FOUND`);
      expect(
        scrubValue({
          code: 'email_token_mismatch',
          errorCode: 'csrf_invalid',
          verify_code: 'abc',
          body: { code: '482913' },
        }),
      ).to.deep.equal({
        code: 'email_token_mismatch',
        errorCode: 'csrf_invalid',
        verify_code: REDACTED,
        body: { code: REDACTED },
      });
    });

    it('redacts credentials after an auth scheme in any case, and OAuth codes however they read', () => {
      expect(scrubText('Authorization: bearer yx_AbC123dEf456GhI789')).to.equal(`Authorization: bearer ${REDACTED}`);
      expect(scrubText('authorization: BEARER eyJhbGci.x.y')).to.equal(`authorization: BEARER ${REDACTED}`);
      expect(scrubText('Bearer abcdefghijklmnopqrstuvwxyz')).to.equal(`Bearer ${REDACTED}`);
      expect(scrubText('Token ABCDEFGHIJKLMNOP')).to.equal(`Token ${REDACTED}`);
      expect(scrubText('/login/oidc/callback?code=splxlobbmqrseefz&state=xyz')).to.equal(
        `/login/oidc/callback?code=${REDACTED}&state=xyz`,
      );
      expect(scrubText('/cb?code=email_token_mismatch')).to.equal(`/cb?code=${REDACTED}`);
      expect(scrubText('{"code":"splxlobbmqrseefz"}')).to.equal(`{"code":"${REDACTED}"}`);
      expect(scrubValue({ code: 'splxlobbmqrseefz' })).to.deep.equal({ code: REDACTED });
    });

    it('describes binary data, reads form data and survives cycles', () => {
      const form = new FormData();
      form.append('password', 'p');
      form.append('name', 'n');
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic.self = cyclic;
      expect(scrubValue(form)).to.deep.equal({ password: REDACTED, name: 'n' });
      expect(scrubValue(new URLSearchParams('token=t&x=1'))).to.deep.equal({ token: REDACTED, x: '1' });
      expect(scrubValue(new Blob(['abc']))).to.equal('[binary 3 bytes]');
      expect(scrubValue(cyclic)).to.deep.equal({ a: 1, self: '[circular]' });
    });

    it('keeps only allow-listed headers', () => {
      const headers = new Headers({ cookie: 'c', 'x-csrf-token': 't', 'x-request-id': 'r1', accept: 'a' });
      expect(safeHeaders(headers)).to.deep.equal({ accept: 'a', 'x-request-id': 'r1' });
    });
  });
});
