/**
 * The slider after 3 wrong passwords in a row, and the freeze after 5 (issue 7), on a real
 * server with a fake clock.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { judgeTrail } from '../../server/login/slider';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser } from './helpers/tokens';
import { humanTrail } from './helpers/slider';

const server = useTestServer();

const slider = (username: string, action = 'sliderCaptcha') => `/users/ajax/users/${username}/${action}`;

async function browserFor() {
  const browser = new Client(server.url);
  await browser.pageSettings();
  return browser;
}

const attempt = (browser: Client, username: string, password: string, sliderToken?: string) =>
  browser.post('/users/ajax/login', { username, password, ...(sliderToken ? { slider_token: sliderToken } : {}) });

/** A challenge dragged by `trail(width)`; the verify answer. */
async function drag(browser: Client, username: string, trail: (width: number) => unknown) {
  const challenge = await browser.post(slider(username));
  assert.equal(challenge.status, 200, challenge.text);
  return browser.post(slider(username, 'sliderCaptcha:verify'), {
    challenge_id: challenge.body.challenge_id,
    trail: trail(challenge.body.track_width),
  });
}

async function tokenFor(browser: Client, username: string): Promise<string> {
  const verified = await drag(browser, username, humanTrail);
  assert.equal(verified.status, 200, verified.text);
  return verified.body.slider_token;
}

describe('given three wrong passwords in a row', () => {
  it('asks for the slider before the next attempt, for real and unknown accounts alike', async () => {
    await addUser(server, 'sl_one', 'Right@2026');
    const browser = await browserFor();
    for (const name of ['sl_one', 'sl_nobody']) {
      for (let i = 0; i < 3; i++) assert.equal((await attempt(browser, name, 'Wrong@2026')).status, 401);
      const fourth = await attempt(browser, name, name === 'sl_one' ? 'Right@2026' : 'Wrong@2026');
      assert.equal(fourth.status, 403);
      assert.equal(fourth.body.code, 'slider_required');
    }
  });

  it('lets the attempt through once the slider was dragged to the end', async () => {
    await addUser(server, 'sl_two', 'Right@2026');
    const browser = await browserFor();
    for (let i = 0; i < 3; i++) await attempt(browser, 'sl_two', 'Wrong@2026');
    const challenge = await browser.post(slider('sl_two'));
    assert.equal(challenge.status, 200);
    assert.equal(typeof challenge.body.challenge_id, 'string');
    assert.equal(challenge.body.track_width, 300);
    const token = await tokenFor(browser, 'sl_two');
    const signedIn = await attempt(browser, 'sl_two', 'Right@2026', token);
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.user.username, 'sl_two');
  });

  it('refuses a drag that is too fast, stops short or looks machine-made, and a challenge judged before', async () => {
    const browser = await browserFor();
    const tooFast = await drag(browser, 'sl_three', (w) => [
      { x: 0, t: 0 },
      { x: w / 2, t: 20 },
      { x: w, t: 40 },
    ]);
    assert.equal(tooFast.status, 400);
    assert.equal(tooFast.body.code, 'slider_failed');
    const short = await drag(browser, 'sl_three', (w) => humanTrail(w - 40));
    assert.equal(short.body.code, 'slider_failed');
    const robot = await drag(browser, 'sl_three', (w) =>
      Array.from({ length: 31 }, (_, i) => ({ x: (w / 30) * i, t: i * 16 })),
    );
    assert.equal(robot.body.code, 'slider_failed');

    const challenge = await browser.post(slider('sl_three'));
    const body = { challenge_id: challenge.body.challenge_id, trail: humanTrail(300).slice(0, 2) };
    assert.equal((await browser.post(slider('sl_three', 'sliderCaptcha:verify'), body)).status, 400);
    const retry = await browser.post(slider('sl_three', 'sliderCaptcha:verify'), { ...body, trail: humanTrail(300) });
    assert.equal(retry.body.code, 'slider_failed', 'a refused challenge cannot be tried again');
  });

  it('uses a slider token once, only for its account and browser, within 5 minutes', async () => {
    await addUser(server, 'sl_four', 'Right@2026');
    const browser = await browserFor();
    for (let i = 0; i < 3; i++) await attempt(browser, 'sl_four', 'Wrong@2026');
    const token = await tokenFor(browser, 'sl_four');
    assert.equal((await attempt(browser, 'sl_four', 'Wrong@2026', token)).body.code, 'account_or_password_incorrect');
    const replay = await attempt(browser, 'sl_four', 'Right@2026', token);
    assert.equal(replay.body.code, 'slider_required', 'a replayed token is refused');

    const other = await browserFor();
    const elsewhere = await attempt(other, 'sl_four', 'Right@2026', await tokenFor(browser, 'sl_four'));
    assert.equal(elsewhere.body.code, 'slider_required', 'another browser cannot use it');
    const otherName = await attempt(browser, 'sl_four', 'Right@2026', await tokenFor(browser, 'sl_someone'));
    assert.equal(otherName.body.code, 'slider_required', 'a token for another account does not count');

    const stale = await tokenFor(browser, 'sl_four');
    server.clock.advance(5 * 60_000 + 1000);
    assert.equal((await attempt(browser, 'sl_four', 'Right@2026', stale)).body.code, 'slider_required');
    assert.equal((await attempt(browser, 'sl_four', 'Right@2026', await tokenFor(browser, 'sl_four'))).status, 200);
  });
});

describe('given five wrong passwords in a row', () => {
  it('still freezes the account for one hour, slider or not', async () => {
    await addUser(server, 'sl_five', 'Right@2026');
    const browser = await browserFor();
    for (let i = 0; i < 3; i++) assert.equal((await attempt(browser, 'sl_five', 'Wrong@2026')).status, 401);
    const fourth = await attempt(browser, 'sl_five', 'Wrong@2026', await tokenFor(browser, 'sl_five'));
    assert.equal(fourth.body.code, 'account_or_password_incorrect');
    const fifth = await attempt(browser, 'sl_five', 'Wrong@2026', await tokenFor(browser, 'sl_five'));
    assert.equal(fifth.status, 423);
    assert.equal(fifth.body.code, 'account_frozen');
    const until = Date.parse(fifth.body.frozenUntil);
    assert.equal(until - server.clock.now().getTime(), 3600_000);

    const right = await attempt(browser, 'sl_five', 'Right@2026', await tokenFor(browser, 'sl_five'));
    assert.equal(right.body.code, 'account_frozen', 'frozen even with the right password and a slider');
    server.clock.advance(59 * 60_000);
    assert.equal((await attempt(browser, 'sl_five', 'Right@2026')).body.code, 'account_frozen');
    server.clock.advance(2 * 60_000);
    const later = await attempt(browser, 'sl_five', 'Right@2026');
    assert.equal(later.status, 200, 'after the hour the count starts again: no slider needed');
  });

  it('freezes an unknown name the same way, so the answers do not tell which accounts exist', async () => {
    const browser = await browserFor();
    for (let i = 0; i < 3; i++) await attempt(browser, 'sl_ghost', 'Wrong@2026');
    await attempt(browser, 'sl_ghost', 'Wrong@2026', await tokenFor(browser, 'sl_ghost'));
    const fifth = await attempt(browser, 'sl_ghost', 'Wrong@2026', await tokenFor(browser, 'sl_ghost'));
    assert.equal(fifth.status, 423);
    assert.equal(fifth.body.code, 'account_frozen');
    server.clock.advance(61 * 60_000);
  });
});

describe('the trail rules', () => {
  const width = 300;
  it('accept a keyboard user: Right Arrow presses, the first two samples at the same instant', () => {
    const keys = [{ x: 0, t: 0 }, ...Array.from({ length: 10 }, (_, i) => ({ x: 30 * (i + 1), t: i * 180 + (i % 3) }))];
    assert.equal(judgeTrail(keys, width), null);
    assert.equal(
      judgeTrail(
        [
          { x: 0, t: 0 },
          { x: 150, t: 200 },
          { x: 300, t: 420 },
        ],
        width,
      ),
      null,
    );
  });

  it('refuse fewer than 3 samples, time going back, dragging backwards and running past the end', () => {
    assert.equal(
      judgeTrail(
        [
          { x: 0, t: 0 },
          { x: 300, t: 400 },
        ],
        width,
      ),
      'too few samples',
    );
    const back = humanTrail(width);
    back[3] = { ...back[3]!, t: 0 };
    assert.equal(judgeTrail(back, width), 'time goes back');
    const backwards = [
      { x: 0, t: 0 },
      { x: 200, t: 200 },
      { x: 100, t: 300 },
      { x: 300, t: 500 },
    ];
    assert.equal(judgeTrail(backwards, width), 'goes backwards');
    assert.equal(
      judgeTrail(
        [
          { x: 0, t: 0 },
          { x: 150, t: 200 },
          { x: 400, t: 400 },
        ],
        width,
      ),
      'beyond the end',
    );
    assert.equal(
      judgeTrail(
        humanTrail(width).map((p) => ({ ...p, t: p.t * 200 })),
        width,
      ),
      'too slow',
    );
    assert.equal(judgeTrail('nope', width), 'too few samples');
    assert.equal(judgeTrail([{ x: 0 }, { x: 1 }, { x: 2 }], width), 'malformed sample');
  });
});
