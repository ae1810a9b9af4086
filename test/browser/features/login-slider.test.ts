import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import {
  $,
  NEW_CSRF,
  baseRoutes,
  formError,
  logins,
  refusal,
  signIn,
  untilCalls,
  useNavigationCapture,
  userPath,
} from './login-fixtures';

const TRACK = 260;
const sliderRoutes = [
  ...baseRoutes,
  { method: 'POST', path: userPath('sliderCaptcha'), body: { challenge_id: 'ch-1', track_width: TRACK } },
  { method: 'POST', path: userPath('sliderCaptcha:verify'), body: { slider_token: 'slider-ok-1' } },
  refusal(403, 'slider_required'),
];
const verifies = (calls: MockCall[]) => calls.filter((c) => c.path === userPath('sliderCaptcha:verify'));
const handle = (el: Element) => $(el, '[part="slider-handle"]')!;

async function showSlider(el: Element) {
  await signIn(el);
  await waitFor(() => handle(el) && handle(el).getAttribute('aria-disabled') === null, { message: 'the slider' });
}

/** How many mouse moves a drag makes. In the runner's background tab (two test files run at
 * once) Chromium acknowledges each mouse move only after ~5 s, so a hidden page drags in one move. */
const dragSteps = () => (document.hidden ? 1 : 8);
/** Time for a drag in a hidden page: about 5 s per move. */
const DRAG_TIMEOUT = 45_000;

/** Drags the handle with the real mouse by `dx` px in `steps` moves. */
async function drag(el: Element, dx: number, steps = dragSteps()) {
  const box = handle(el).getBoundingClientRect();
  const x = Math.round(box.left + box.width / 2);
  const y = Math.round(box.top + box.height / 2);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  for (let i = 1; i <= steps; i++) {
    await sendMouse({ type: 'move', position: [x + Math.round((dx * i) / steps), y] });
  }
  await sendMouse({ type: 'up' });
}

describe('<yx-login> slide to verify', () => {
  useNavigationCapture();

  it('shows the slider when the server asks for it, with its challenge', async () => {
    const api = await mockApi(sliderRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showSlider(el);
    expect($(el, '[part="login"]')!.dataset.step).to.equal('slider');
    expect($(el, '[part="slider"]')!.textContent).to.contain('Drag the slider all the way to the right');
    expect(handle(el).getAttribute('role')).to.equal('slider');
    expect(handle(el).getAttribute('aria-valuemax')).to.equal(String(TRACK));
    // Nothing was checked: the form says the slider comes first.
    expect(formError(el)).to.equal('Complete the slider verification first');
    // The track is as long as the server's travel plus the handle (sized through the CSSOM).
    const track = $(el, '[part="slider-track"]')!.getBoundingClientRect();
    expect(Math.round(track.width)).to.equal(TRACK + 40);
  });

  it('verifies a drag all the way right and signs in again with the slider token', async function () {
    this.timeout(DRAG_TIMEOUT);
    const steps = dragSteps();
    const api = await mockApi(sliderRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    const details: Array<{ csrfToken: string }> = [];
    el.addEventListener('yx-login', (e) => details.push(e.detail));
    await showSlider(el);
    await drag(el, TRACK + 30, steps);
    const calls = await untilCalls(api, (c) => logins(c).length === 2, 'the second login');
    const [verify] = verifies(calls);
    const body = verify!.body as { challenge_id: string; trail: Array<{ x: number; t: number }> };
    expect(body.challenge_id).to.equal('ch-1');
    expect(body.trail[0]).to.deep.equal({ x: 0, t: 0 });
    expect(body.trail.at(-1)!.x).to.equal(TRACK);
    // The sample at pointerdown, one per move, and the one at pointerup.
    expect(body.trail.length).to.equal(steps + 2);
    for (let i = 1; i < body.trail.length; i++) {
      expect(body.trail[i]!.t).to.be.at.least(body.trail[i - 1]!.t);
      expect(body.trail[i]!.x).to.be.within(0, TRACK);
    }
    expect(logins(calls)[1]!.body).to.deep.equal({
      username: 'alice',
      password: 'Secret#123',
      slider_token: 'slider-ok-1',
    });
    await waitFor(() => details.length === 1);
    expect(details[0]!.csrfToken).to.equal(NEW_CSRF);
  });

  it('sends nothing after a drag that stops short, and the handle goes back', async function () {
    this.timeout(DRAG_TIMEOUT);
    const api = await mockApi(sliderRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showSlider(el);
    await drag(el, TRACK / 2);
    await settle();
    expect(handle(el).getAttribute('aria-valuenow')).to.equal('0');
    await new Promise((r) => setTimeout(r, 200));
    const calls = await api.calls();
    expect(verifies(calls)).to.have.length(0);
    expect(logins(calls)).to.have.length(1);
  });

  it('can be slid with the keyboard, each key press a sample with its real time', async () => {
    const api = await mockApi(sliderRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    await showSlider(el);
    // The handle takes focus when the slider appears.
    await waitFor(() => deepActiveElement() === handle(el), { message: 'focus on the handle' });
    expect(handle(el).getAttribute('aria-label')).to.equal('验证滑块');
    await sendKeys({ press: 'ArrowRight' });
    await new Promise((r) => setTimeout(r, 30));
    await sendKeys({ press: 'ArrowRight' });
    expect(handle(el).getAttribute('aria-valuenow')).to.equal(String(2 * Math.round(TRACK / 10)));
    await new Promise((r) => setTimeout(r, 30));
    await sendKeys({ press: 'End' });
    const calls = await untilCalls(api, (c) => logins(c).length === 2, 'the second login');
    const trail = (verifies(calls)[0]!.body as { trail: Array<{ x: number; t: number }> }).trail;
    // Two arrow steps, then End glides to the end in real steps.
    expect(trail.slice(0, 3).map((p) => p.x)).to.deep.equal([0, 26, 52]);
    expect(trail.at(-1)!.x).to.equal(TRACK);
    expect(trail.length).to.be.at.least(6);
    expect(trail.at(-1)!.t - trail[2]!.t).to.be.at.least(250);
    expect((logins(calls)[1]!.body as { slider_token: string }).slider_token).to.equal('slider-ok-1');
  });

  it('slides all the way with End alone as a real movement the server can accept', async () => {
    const api = await mockApi(sliderRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showSlider(el);
    await waitFor(() => deepActiveElement() === handle(el), { message: 'focus on the handle' });
    await sendKeys({ press: 'End' });
    const calls = await untilCalls(api, (c) => logins(c).length === 2, 'the second login');
    const trail = (verifies(calls)[0]!.body as { trail: Array<{ x: number; t: number }> }).trail;
    // The server wants at least 3 samples over at least 150 ms, reaching the end.
    expect(trail.length).to.be.at.least(3);
    expect(trail.at(-1)!.x).to.equal(TRACK);
    expect(trail.at(-1)!.t - trail[0]!.t).to.be.at.least(150);
    expect(trail.every((p, i) => i === 0 || p.t >= trail[i - 1]!.t)).to.equal(true);
  });

  it('says the check failed and offers a new challenge after a refused trail', async () => {
    const api = await mockApi([
      ...sliderRoutes,
      {
        method: 'POST',
        path: userPath('sliderCaptcha:verify'),
        status: 400,
        body: { code: 'slider_failed', message: 'no' },
        times: 1,
      },
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showSlider(el);
    handle(el).focus();
    await sendKeys({ press: 'End' });
    const alert = await waitFor(() => $(el, '[part="slider-error"][role="alert"]'));
    expect(alert!.textContent).to.equal('Verification failed');
    await waitFor(() => handle(el).getAttribute('aria-disabled') === null, { message: 'a fresh challenge' });
    expect(handle(el).getAttribute('aria-valuenow')).to.equal('0');
    const calls = await api.calls();
    expect(calls.filter((c) => c.path === userPath('sliderCaptcha'))).to.have.length(2);
    expect(logins(calls)).to.have.length(1);
  });

  const tooMany = (path: string, retryAfter: number, times?: number) => ({
    method: 'POST',
    path: userPath(path),
    status: 429,
    body: {
      code: 'too_many_requests',
      message: `Too many requests. Try again in ${retryAfter} s.`,
      retry_after: retryAfter,
    },
    times,
  });
  const retry = (el: Element) => $(el, '[part~="slider-retry-button"]') as HTMLButtonElement | null;
  const challenges = (calls: MockCall[]) => calls.filter((c) => c.path === userPath('sliderCaptcha'));

  for (const [locale, wait] of [
    ['en_US', 'Too many requests. Try again in 9 minutes.'],
    ['zh_CN', '请求过于频繁，请 9 分钟后重试'],
  ] as const) {
    it(`says a long wait past the slider's limit in minutes and moves focus to Reload (${locale})`, async () => {
      const api = await mockApi([...sliderRoutes, tooMany('sliderCaptcha:verify', 540, 1)]);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await showSlider(el);
      await waitFor(() => deepActiveElement() === handle(el), { message: 'focus on the handle' });
      await sendKeys({ press: 'End' });
      const alert = await waitFor(() => $(el, '[part="slider-error"][role="alert"]'));
      expect(alert!.textContent).to.equal(wait);
      // Focus leaves the handle (disabled now) for Reload, which is disabled for the wait and
      // names it; no new challenge is asked for, as it would be refused too.
      await waitFor(() => deepActiveElement() === retry(el), { message: 'focus on Reload' });
      expect(handle(el).getAttribute('aria-disabled')).to.equal('true');
      expect(retry(el)!.getAttribute('aria-disabled')).to.equal('true');
      expect(retry(el)!.getAttribute('aria-describedby')).to.equal(alert!.id);
      await sendKeys({ press: 'Enter' });
      await new Promise((r) => setTimeout(r, 300));
      expect(challenges(await api.calls())).to.have.length(1);
      expect(deepActiveElement()).to.equal(retry(el));
    });
  }

  it('keeps Reload disabled until the wait is over, then reloads the slider', async () => {
    const api = await mockApi([...sliderRoutes, tooMany('sliderCaptcha:verify', 2, 1)]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showSlider(el);
    await waitFor(() => deepActiveElement() === handle(el), { message: 'focus on the handle' });
    await sendKeys({ press: 'End' });
    await waitFor(() => deepActiveElement() === retry(el), { message: 'focus on Reload' });
    const refused = Date.now();
    const message = $(el, '[part="slider-error"]')!.textContent;
    expect(message).to.equal('Too many requests. Try again in 2 s.');
    expect(retry(el)!.getAttribute('aria-disabled')).to.equal('true');
    await sendKeys({ press: 'Enter' });
    await new Promise((r) => setTimeout(r, 300));
    expect(challenges(await api.calls()), 'no call while the wait lasts').to.have.length(1);
    await waitFor(() => retry(el)!.getAttribute('aria-disabled') === null, {
      timeout: 4000,
      message: 'Reload enabled',
    });
    expect(Date.now() - refused).to.be.at.least(1500);
    // Nothing new is said; the button just works again.
    expect($(el, '[part="slider-error"]')!.textContent).to.equal(message);
    expect(deepActiveElement()).to.equal(retry(el));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => handle(el).getAttribute('aria-disabled') === null, { message: 'a fresh challenge' });
    expect(challenges(await api.calls())).to.have.length(2);
    await waitFor(() => deepActiveElement() === handle(el), { message: 'focus back on the handle' });
  });

  it('keeps focus on Reload when the reload is refused past the limit too', async () => {
    const api = await mockApi(sliderRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showSlider(el);
    await waitFor(() => deepActiveElement() === handle(el), { message: 'focus on the handle' });
    // From here (the calls counted afresh) the verify and the next challenge are past the limit.
    await api.define([...sliderRoutes, tooMany('sliderCaptcha:verify', 1, 1), tooMany('sliderCaptcha', 1, 1)]);
    await sendKeys({ press: 'End' });
    await waitFor(() => deepActiveElement() === retry(el), { message: 'focus on Reload' });
    await waitFor(() => retry(el)!.getAttribute('aria-disabled') === null, {
      timeout: 3000,
      message: 'Reload enabled',
    });
    await sendKeys({ press: 'Enter' });
    await waitFor(async () => challenges(await api.calls()).length === 1, { message: 'the refused reload' });
    await waitFor(() => $(el, '[part="slider"]')!.dataset.status === 'error', { message: 'the refusal' });
    expect(retry(el)!.getAttribute('aria-disabled'), 'disabled again for the new wait').to.equal('true');
    expect(retry(el)!.getAttribute('aria-busy')).to.equal(null);
    expect(deepActiveElement()).to.equal(retry(el));
    expect($(el, '[part="slider-error"]')!.textContent).to.equal('Too many requests. Try again in 1 s.');
    // Once that wait is over too, Reload brings the slider back and the handle takes focus.
    await waitFor(() => retry(el)!.getAttribute('aria-disabled') === null, {
      timeout: 3000,
      message: 'Reload enabled',
    });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActiveElement() === handle(el), { message: 'focus on the handle' });
    expect(handle(el).getAttribute('aria-disabled')).to.equal(null);
  });
});

describe('<yx-login> fields under the slider', () => {
  useNavigationCapture();

  /** Replaces what a field holds, as a user does: select all, type over it. First waits for the
   * slider to take the focus it takes once ready (an effect after its render), which would
   * otherwise land in the middle of the typing. */
  async function retype(el: Element, name: string, text: string) {
    await waitFor(() => deepActiveElement() === handle(el), { message: 'the slider takes focus' });
    const field = el.shadowRoot!.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    field.focus();
    field.select();
    await sendKeys({ type: text });
  }

  it('signs in with the password corrected after the slider appeared', async () => {
    const api = await mockApi(sliderRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el, 'alice', 'Wrong#pw1');
    await waitFor(() => handle(el) && handle(el).getAttribute('aria-disabled') === null, { message: 'the slider' });
    await retype(el, 'password', 'Secret#123');
    handle(el).focus();
    await sendKeys({ press: 'End' });
    const calls = await untilCalls(api, (c) => logins(c).length === 2, 'the second login');
    expect(logins(calls)[0]!.body).to.deep.include({ password: 'Wrong#pw1' });
    expect(logins(calls)[1]!.body).to.deep.equal({
      username: 'alice',
      password: 'Secret#123',
      slider_token: 'slider-ok-1',
    });
  });

  it('solves the slider for the account as corrected, and signs in with it', async () => {
    const api = await mockApi([
      ...sliderRoutes,
      {
        method: 'POST',
        path: userPath('sliderCaptcha', 'alise'),
        body: { challenge_id: 'ch-typo', track_width: TRACK },
      },
      { method: 'POST', path: userPath('sliderCaptcha:verify', 'alise'), body: { slider_token: 'slider-typo' } },
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el, 'alise');
    await waitFor(() => handle(el) && handle(el).getAttribute('aria-disabled') === null, { message: 'the slider' });
    await retype(el, 'username', 'alice');
    handle(el).focus();
    await sendKeys({ press: 'End' });
    const calls = await untilCalls(api, (c) => logins(c).length === 2, 'the second login');
    const [verify] = verifies(calls);
    expect(verify, 'the trail is judged for alice').to.not.equal(undefined);
    expect((verify!.body as { challenge_id: string }).challenge_id).to.equal('ch-1');
    expect(calls.filter((c) => c.path === userPath('sliderCaptcha:verify', 'alise'))).to.have.length(0);
    expect(logins(calls)[1]!.body).to.deep.equal({
      username: 'alice',
      password: 'Secret#123',
      slider_token: 'slider-ok-1',
    });
  });

  for (const [locale, message] of [
    ['en_US', 'Complete the slider verification first'],
    ['zh_CN', '请先完成滑块验证'],
  ] as const) {
    it(`says to complete the slider first and takes the user to it, sending nothing (${locale})`, async () => {
      const api = await mockApi(sliderRoutes);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await showSlider(el);
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => formError(el) === message, { message: 'the message' });
      expect($(el, '[part="form-error"]')!.getAttribute('role')).to.equal('alert');
      expect(deepActiveElement()).to.equal(handle(el));
      await new Promise((r) => setTimeout(r, 200));
      expect(logins(await api.calls())).to.have.length(1);
      // Once solved, the slider signs in by itself.
      await sendKeys({ press: 'End' });
      const calls = await untilCalls(api, (c) => logins(c).length === 2, 'the second login');
      expect((logins(calls)[1]!.body as { slider_token: string }).slider_token).to.equal('slider-ok-1');
    });
  }
});
