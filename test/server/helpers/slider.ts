/** The slider check of sign-in (§8) as a person drags it, for tests that must get past it. */
import assert from 'node:assert/strict';
import type { Client } from './client';

/** A hand-like drag: uneven steps at uneven intervals, from 0 to the end. */
export function humanTrail(width: number) {
  const trail = [{ x: 0, t: 0 }];
  let [x, t] = [0, 0];
  for (let i = 1; x < width; i++) {
    t += 12 + ((i * 7) % 9);
    x = Math.min(width, x + 8 + ((i * 13) % 11));
    trail.push({ x, t });
  }
  return trail;
}

/** A slider token for `username` in `browser`: a challenge dragged to its end by hand. */
export async function sliderToken(browser: Client, username: string): Promise<string> {
  const challenge = await browser.post(`/users/ajax/users/${username}/sliderCaptcha`);
  assert.equal(challenge.status, 200, challenge.text);
  const verified = await browser.post(`/users/ajax/users/${username}/sliderCaptcha:verify`, {
    challenge_id: challenge.body.challenge_id,
    trail: humanTrail(challenge.body.track_width),
  });
  assert.equal(verified.status, 200, verified.text);
  return verified.body.slider_token;
}
