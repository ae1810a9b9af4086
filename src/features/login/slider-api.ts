/**
 * The slider's calls (§7, issue 7) and the shapes of their answers: code of the slider step,
 * loaded with it (SliderCaptcha.tsx), not with the password form.
 */
import * as v from 'valibot';
import type { HttpResult } from '../../core/http';
import type { LoginApi, TrailPoint } from './api';

const challengeSchema = v.object({
  challenge_id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  track_width: v.pipe(v.number(), v.integer(), v.minValue(40), v.maxValue(2000)),
});
export type SliderChallenge = v.InferOutput<typeof challengeSchema>;

const sliderTokenSchema = v.object({ slider_token: v.pipe(v.string(), v.nonEmpty()) });

/** A new challenge for the account: the track's width and the id the answer names. */
export const sliderChallenge = (api: LoginApi, username: string): Promise<HttpResult<SliderChallenge>> =>
  api.postAction(username, 'sliderCaptcha', undefined, challengeSchema);

/** Sends the drag's trail; resolves to the token the next sign-in attempt carries. */
export async function sliderVerify(
  api: LoginApi,
  username: string,
  challengeId: string,
  trail: TrailPoint[],
): Promise<HttpResult<string>> {
  const body = { challenge_id: challengeId, trail };
  const [error, value] = await api.postAction(username, 'sliderCaptcha:verify', body, sliderTokenSchema);
  return error ? [error, null] : [null, value.slider_token];
}
