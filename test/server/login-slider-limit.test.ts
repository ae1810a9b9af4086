/**
 * The limits on the slider calls (login/slider.ts): anyone may ask for a challenge, and each one
 * stores a row, so challenges and verifications are counted per client address group (an IPv4
 * address, an IPv6 /64) and, under a higher cap, per IPv6 /48. Past either, 429
 * `too_many_requests` with `retry_after`, before anything is stored; a burst sent all at once
 * gets no more through than calls sent one by one. Time is the test server's fake clock.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHALLENGE_TTL_MS, SLIDER_LIMITS, SLIDER_TOKEN_TTL_MS } from '../../server/login/slider';
import { useTestServer } from './helpers/server';
import { ClientAt } from './helpers/client';
import { humanTrail } from './helpers/slider';

const server = useTestServer({ config: { trustProxy: true } });

const challengePath = (username: string) => `/users/ajax/users/${username}/sliderCaptcha`;
const verifyPath = (username: string) => `/users/ajax/users/${username}/sliderCaptcha:verify`;

/** A browser at `address` with its page settings open. */
async function browserAt(address: string): Promise<ClientAt> {
  const browser = new ClientAt(server.url, address);
  await browser.pageSettings();
  return browser;
}

/** How many slider challenges are stored (for names starting with `prefix`). */
async function rows(prefix = ''): Promise<number> {
  const row = await server.deps.db
    .selectFrom('slider_challenges')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('name_key', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A challenge and its verification with a hand-like drag: two calls; the token. */
async function drag(browser: ClientAt, username: string): Promise<string> {
  const challenge = await browser.post(challengePath(username));
  assert.equal(challenge.status, 200, challenge.text);
  const verified = await browser.post(verifyPath(username), {
    challenge_id: challenge.body.challenge_id,
    trail: humanTrail(challenge.body.track_width),
  });
  assert.equal(verified.status, 200, verified.text);
  return verified.body.slider_token;
}

/** `calls` slider calls from `browser` (whole drags, and a last lone challenge when odd). */
async function useUp(browser: ClientAt, calls: number) {
  for (let i = 0; i < Math.floor(calls / 2); i++) await drag(browser, `sll_${i}`);
  if (calls % 2) assert.equal((await browser.post(challengePath('sll_odd'))).status, 200);
}

describe('slider calls from one address group', () => {
  it(`answer 429 past ${SLIDER_LIMITS.group} in the window, storing nothing, until the window ends`, async () => {
    const bot = await browserAt('203.0.113.40');
    // One challenge kept back, to show a verification past the cap is refused before judging.
    const pending = await bot.post(challengePath('sll_pending'));
    assert.equal(pending.status, 200);
    await useUp(bot, SLIDER_LIMITS.group - 1);
    const before = await rows();

    const refused = await bot.post(challengePath('sll_more'), undefined, { headers: { 'accept-language': 'en' } });
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.body.code, 'too_many_requests');
    assert.equal(refused.body.retry_after, SLIDER_LIMITS.windowMs / 1000);
    assert.equal(refused.body.message, `Too many requests. Try again in ${SLIDER_LIMITS.windowMs / 1000} s.`);
    const zh = await bot.post(challengePath('sll_more'), undefined, { headers: { 'accept-language': 'zh-CN' } });
    assert.equal(zh.status, 429);
    assert.equal(zh.body.message, `请求过于频繁，请 ${SLIDER_LIMITS.windowMs / 1000} 秒后重试`);
    assert.equal(await rows(), before, 'no challenge stored for a refused call');

    const verify = await bot.post(verifyPath('sll_pending'), {
      challenge_id: pending.body.challenge_id,
      trail: humanTrail(pending.body.track_width),
    });
    assert.equal(verify.status, 429, 'a verification past the cap is refused too');
    const judged = await server.deps.db
      .selectFrom('slider_challenges')
      .select('judged_at')
      .where('id', '=', pending.body.challenge_id)
      .executeTakeFirstOrThrow();
    assert.equal(judged.judged_at, null, 'the challenge was not judged');

    // Another browser at the same address is the same client; another address is not.
    assert.equal((await (await browserAt('203.0.113.40')).post(challengePath('sll_x'))).status, 429);
    await drag(await browserAt('203.0.113.41'), 'sll_x');

    server.clock.advance(SLIDER_LIMITS.windowMs - 60_000);
    const minuteLeft = await bot.post(challengePath('sll_more'));
    assert.equal(minuteLeft.status, 429);
    assert.equal(minuteLeft.body.retry_after, 60);
    server.clock.advance(60_000);
    await drag(bot, 'sll_more');
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    await useUp(await browserAt('2001:db8:50:1::1'), SLIDER_LIMITS.group);
    assert.equal((await (await browserAt('2001:db8:50:1:ffff::9')).post(challengePath('sll_y'))).status, 429);
    await drag(await browserAt('2001:db8:50:2::1'), 'sll_y');
    server.clock.advance(SLIDER_LIMITS.windowMs);
  });

  it('lets a burst sent all at once through no further than the cap, with one row per call let through', async () => {
    const bot = await browserAt('198.51.100.60');
    const extra = 15;
    // A different name each time, so no challenge replaces an earlier one.
    const answers = await Promise.all(
      Array.from({ length: SLIDER_LIMITS.group + extra }, (_, i) => bot.post(challengePath(`sll_burst_${i}`))),
    );
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 200).length, SLIDER_LIMITS.group, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, extra);
    assert.equal(await rows('sll_burst_'), SLIDER_LIMITS.group);
    server.clock.advance(SLIDER_LIMITS.windowMs);
  });
});

describe('slider calls from one IPv6 /48', () => {
  it(`are counted together under ${SLIDER_LIMITS.network}, only the calls each /64 lets through`, async () => {
    const inSubnet = (subnet: number) => `2001:db8:60:${subnet.toString(16)}::1`;
    const full = SLIDER_LIMITS.network / SLIDER_LIMITS.group;
    // The first /64 goes on past its own cap: its refused calls do not use up the network's room.
    const noisy = await browserAt(inSubnet(1));
    await useUp(noisy, SLIDER_LIMITS.group);
    for (let i = 0; i < 10; i++) assert.equal((await noisy.post(challengePath('sll_n'))).status, 429);
    for (let subnet = 2; subnet <= full; subnet++) await useUp(await browserAt(inSubnet(subnet)), SLIDER_LIMITS.group);

    const before = await rows();
    const fresh = await browserAt(inSubnet(full + 1));
    const refused = await fresh.post(challengePath('sll_n'));
    assert.equal(refused.status, 429, 'a /64 the network has not used yet is refused');
    assert.equal(refused.body.code, 'too_many_requests');
    assert.equal(refused.body.retry_after, SLIDER_LIMITS.windowMs / 1000);
    assert.equal(await rows(), before);
    assert.equal((await (await browserAt('2001:db8:60:ffff::7')).post(challengePath('sll_n'))).status, 429);

    await drag(await browserAt('2001:db8:61:1::1'), 'sll_n');
    server.clock.advance(SLIDER_LIMITS.windowMs);
    await drag(fresh, 'sll_n');
  });
});

describe('stored challenges', () => {
  it('are swept once both the challenge and its token have lapsed', async () => {
    const browser = await browserAt('192.0.2.70');
    await drag(browser, 'sll_sweep');
    assert.equal((await browser.post(challengePath('sll_sweep_2'))).status, 200);
    server.clock.advance(Math.max(CHALLENGE_TTL_MS, SLIDER_TOKEN_TTL_MS) + 1000);
    await drag(await browserAt('192.0.2.71'), 'sll_sweep_3');
    assert.equal(await rows(), 1, 'only the new challenge is left');
  });
});
