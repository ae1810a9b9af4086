/**
 * The slider check that stands between 3 wrong passwords in a row and the next attempt
 * (issue 7). A challenge gives a track width; the browser sends the drag as pointer samples
 * `{ x, t }` (px from the start, ms since the first sample); a trail that looks like a completed
 * human drag earns a token that one login attempt of the same session and name can use within
 * 5 minutes.
 *
 * The trail heuristics ({@link judgeTrail}) are deliberately crude — they stop scripts that post
 * a straight line, not a determined bot (the freeze after 5 wrong passwords does that):
 * 1. at least 3 samples (keyboard users produce few: Right Arrow presses are accepted) and at
 *    most 2000; every `x` and `t` a finite number;
 * 2. `t` never goes back, and the whole drag takes 150 ms – 60 s (faster is a script, slower a
 *    replay of a stale page);
 * 3. it starts near 0 (x ≤ 5) and ends at the end (last x ≥ track_width − 2), never beyond
 *    track_width + 5;
 * 4. monotone-ish: x never falls more than 15 % of the track below the furthest point so far
 *    (hands wobble, they do not drag backwards);
 * 5. with more than 10 samples, steps that are all the same size at all the same interval are a
 *    machine's linear interpolation (a human's, or key repeat's, timing always varies a little).
 *
 * Anyone may ask for a challenge, and each stores a row (for {@link CHALLENGE_TTL_MS}, or until its
 * token lapses), so the calls — challenges and verifications alike — are counted per client
 * address group (`addressGroup`: an IPv6 /64, or one IPv4 address) and, under a higher cap, per
 * network (`addressNetwork`: an IPv6 /48), as the SSO `authorize` calls are (login/sso.ts): only
 * calls the group lets through count for the network. A call past either cap gets 429
 * `too_many_requests` with `retry_after` before any challenge is read or stored, so the rows one
 * client can leave behind are bounded, and every call creating one sweeps the lapsed ones. Unlike
 * failed sign-ins, a known device of the account is held too: a slider call proves nothing about
 * whose browser it is, so a neighbour behind the same NAT who used the calls up delays the slider
 * (which the owner needs only after 3 wrong passwords of their own) until the window ends.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../context';
import { addressGroup, addressNetwork } from '../net/client-ip';
import { hitGroup, sweepLimits } from '../repos/login-limits';
import * as repo from '../repos/sliders';
import { loginErrors } from './errors';

/** The width of the track the client draws, in px. */
export const TRACK_WIDTH = 300;
/** How long a challenge may be dragged. */
export const CHALLENGE_TTL_MS = 2 * 60_000;
/** How long a token waits for its login attempt. */
export const SLIDER_TOKEN_TTL_MS = 5 * 60_000;
/** Slider calls (a challenge and its verification are two) in a fixed window of `windowMs`:
 * - `group`, from one client address group: 30 drags; a token is only any use for a sign-in
 *   attempt, and a group gets 30 failed ones in the same window (signin.ts ADDRESS_FAILURES), so
 *   this is what its sign-ins can use with room for drags a hand gets wrong.
 * - `network`, from one IPv6 /48, all its /64s together: four times a group's, room for four busy
 *   subnets of a site at once (as the SSO limit), instead of a group's worth for each of 65,536. */
export const SLIDER_LIMITS = { group: 60, network: 4 * 60, windowMs: 15 * 60_000 } as const;
/** Counters untouched this long are swept (as by the other limits on these counters). */
const KEEP_COUNTERS_MS = 24 * 3600_000;

/** One sample of the drag. */
export interface TrailPoint {
  x: number;
  t: number;
}

const MIN_SAMPLES = 3;
const MAX_SAMPLES = 2000;
const MIN_DURATION_MS = 150;
const MAX_DURATION_MS = 60_000;
const START_SLACK_PX = 5;
const END_SLACK_PX = 2;
const BACKTRACK_SHARE = 0.15;
const UNIFORM_AFTER = 10;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Counts one slider call of the client at `address` (`clientAddress`; unknown addresses share one
 * count) for its group and network, hashed so the table holds no addresses; throws 429
 * `too_many_requests` past either cap of {@link SLIDER_LIMITS}. One atomic statement per call, so
 * calls sent all at once cannot outrun the count.
 */
async function limitSlider(deps: AppDeps, address: string | undefined): Promise<void> {
  const now = deps.clock.now();
  await sweepLimits(deps.db, new Date(now.getTime() - KEEP_COUNTERS_MS), now);
  const group = addressGroup(address) ?? 'unknown';
  const network = addressNetwork(address) ?? 'unknown';
  const counts = await hitGroup(deps.db, {
    groupKey: `slider:${sha256(`ip:${group}`)}`,
    // An IPv4 network is its one address, already held to the group's cap.
    networkKey: network === group ? undefined : `slider:net:${sha256(`net:${network}`)}`,
    groupLimit: SLIDER_LIMITS.group,
    now,
    windowMs: SLIDER_LIMITS.windowMs,
  });
  for (const [count, cap] of [
    [counts.group, SLIDER_LIMITS.group],
    [counts.network, SLIDER_LIMITS.network],
  ] as const) {
    if (count && count.hits > cap) {
      const left = count.since.getTime() + SLIDER_LIMITS.windowMs - now.getTime();
      throw loginErrors.tooMany(Math.max(1, Math.ceil(left / 1000)));
    }
  }
}

/** Why a trail was refused, or null when it passes (see the file comment for the rules). */
export function judgeTrail(trail: unknown, trackWidth: number): string | null {
  if (!Array.isArray(trail) || trail.length < MIN_SAMPLES) return 'too few samples';
  if (trail.length > MAX_SAMPLES) return 'too many samples';
  const points: TrailPoint[] = [];
  for (const p of trail as unknown[]) {
    const { x, t } = (p ?? {}) as Record<string, unknown>;
    if (typeof x !== 'number' || typeof t !== 'number' || !Number.isFinite(x) || !Number.isFinite(t)) {
      return 'malformed sample';
    }
    points.push({ x, t });
  }
  const first = points[0]!;
  const last = points.at(-1)!;
  const duration = last.t - first.t;
  if (duration < MIN_DURATION_MS) return 'too fast';
  if (duration > MAX_DURATION_MS) return 'too slow';
  if (first.x < -START_SLACK_PX || first.x > START_SLACK_PX) return 'does not start at 0';
  if (last.x < trackWidth - END_SLACK_PX) return 'does not reach the end';
  let furthest = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (i > 0 && p.t < points[i - 1]!.t) return 'time goes back';
    if (p.x > trackWidth + START_SLACK_PX) return 'beyond the end';
    if (p.x < furthest - trackWidth * BACKTRACK_SHARE) return 'goes backwards';
    furthest = Math.max(furthest, p.x);
  }
  if (points.length > UNIFORM_AFTER) {
    const steps = points.slice(1).map((p, i) => [p.x - points[i]!.x, p.t - points[i]!.t] as const);
    const same = (k: 0 | 1) => steps.every((s) => Math.abs(s[k] - steps[0]![k]) < 1e-6);
    if (same(0) && same(1)) return 'perfectly uniform';
  }
  return null;
}

/** Starts a challenge for this session and login name, asked from `address` (`clientAddress`). */
export async function createChallenge(
  deps: AppDeps,
  q: { sessionHash: string; nameKey: string; address: string | undefined },
): Promise<{ challenge_id: string; track_width: number }> {
  await limitSlider(deps, q.address);
  const now = deps.clock.now();
  await repo.sweepChallenges(deps.db, now);
  const id = randomBytes(16).toString('base64url');
  await repo.insertChallenge(deps.db, {
    id,
    session_hash: q.sessionHash,
    name_key: q.nameKey,
    track_width: TRACK_WIDTH,
    created_at: now,
    expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
    judged_at: null,
    token_hash: null,
    token_expires_at: null,
    token_used_at: null,
  });
  return { challenge_id: id, track_width: TRACK_WIDTH };
}

/**
 * Judges a trail against its challenge (once: a refused trail needs a new challenge): the
 * token, or why it was refused (for the log; the client only hears `slider_failed`). Past the
 * caller's cap of calls, 429 before the challenge is looked at.
 */
export async function verifyChallenge(
  deps: AppDeps,
  q: { challengeId: string; sessionHash: string; nameKey: string; trail: unknown; address: string | undefined },
): Promise<{ token: string } | { reason: string }> {
  await limitSlider(deps, q.address);
  const now = deps.clock.now();
  const challenge = await repo.findChallenge(deps.db, {
    id: q.challengeId,
    sessionHash: q.sessionHash,
    nameKey: q.nameKey,
    now,
  });
  if (!challenge) return { reason: 'unknown, used or expired challenge' };
  const reason = judgeTrail(q.trail, challenge.track_width);
  const token = reason ? null : randomBytes(32).toString('base64url');
  const judged = await repo.judgeChallenge(deps.db, challenge.id, {
    tokenHash: token ? sha256(token) : null,
    tokenExpiresAt: token ? new Date(now.getTime() + SLIDER_TOKEN_TTL_MS) : null,
    now,
  });
  if (!judged) return { reason: 'challenge judged twice' };
  return token ? { token } : { reason: reason ?? 'refused' };
}

/** Uses a slider token for a login attempt; throws `slider_required` when it is missing or spent. */
export async function spendSliderToken(
  deps: AppDeps,
  q: { token: string | undefined; sessionHash: string; nameKey: string },
): Promise<void> {
  const ok =
    typeof q.token === 'string' &&
    q.token.length > 0 &&
    q.token.length < 200 &&
    (await repo.useSliderToken(deps.db, {
      tokenHash: sha256(q.token),
      sessionHash: q.sessionHash,
      nameKey: q.nameKey,
      now: deps.clock.now(),
    }));
  if (!ok) throw loginErrors.sliderRequired();
}
