/** SQL for slider challenges and the single-use tokens a good trail earns. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { SliderChallengesTable } from '../db/login-tables';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A challenge row. */
export type SliderChallengeRow = Selectable<SliderChallengesTable>;

/** Stores a new challenge; earlier unjudged challenges of this session and name go (one at a time). */
export async function insertChallenge(db: Db, row: Insertable<SliderChallengesTable>): Promise<void> {
  await db
    .deleteFrom('slider_challenges')
    .where('session_hash', '=', row.session_hash)
    .where('name_key', '=', row.name_key)
    .where('judged_at', 'is', null)
    .execute();
  await db.insertInto('slider_challenges').values(row).execute();
}

/** A live, unjudged challenge of this session and name. */
export async function findChallenge(
  db: Db,
  q: { id: string; sessionHash: string; nameKey: string; now: Date },
): Promise<SliderChallengeRow | undefined> {
  return db
    .selectFrom('slider_challenges')
    .selectAll()
    .where('id', '=', q.id)
    .where('session_hash', '=', q.sessionHash)
    .where('name_key', '=', q.nameKey)
    .where('judged_at', 'is', null)
    .where('expires_at', '>', q.now)
    .executeTakeFirst();
}

/** Judges a challenge once: stores the token hash (or null for a refused trail). False when
 * another request judged it first. */
export async function judgeChallenge(
  db: Db,
  id: string,
  verdict: { tokenHash: string | null; tokenExpiresAt: Date | null; now: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('slider_challenges')
    .set({ judged_at: verdict.now, token_hash: verdict.tokenHash, token_expires_at: verdict.tokenExpiresAt })
    .where('id', '=', id)
    .where('judged_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses a token (once) for this session and name: true when it was live and this call used it. */
export async function useSliderToken(
  db: Db,
  q: { tokenHash: string; sessionHash: string; nameKey: string; now: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('slider_challenges')
    .set({ token_used_at: q.now })
    .where('token_hash', '=', q.tokenHash)
    .where('session_hash', '=', q.sessionHash)
    .where('name_key', '=', q.nameKey)
    .where('token_used_at', 'is', null)
    .where('token_expires_at', '>', q.now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Drops challenges whose challenge and token have both lapsed. */
export async function sweepChallenges(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('slider_challenges')
    .where('expires_at', '<=', now)
    .where((eb) => eb.or([eb('token_expires_at', 'is', null), eb('token_expires_at', '<=', now)]))
    .execute();
}
