/**
 * SQL for the step-by-step flows of one browser session (pending login, forced change, password
 * reset) and their emailed codes. Every change of a code's state is one conditional UPDATE, so
 * two servers (or two tabs) racing on the same flow cannot both win. The limits across sessions on
 * top (mails a minute and an hour, wrong tries per account, flow and address group) live in `send_throttles` and
 * `request_counters`; see login/codes.ts.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CodeState, LoginFlowPurpose, LoginFlowsTable } from '../db/login-tables';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A flow row. */
export type FlowRow = Selectable<LoginFlowsTable>;
/** The key of a flow: one per purpose and session. */
export interface FlowKey {
  sessionHash: string;
  purpose: LoginFlowPurpose;
}

/** Starts a flow, replacing any earlier one of the same purpose in this session (and its code). */
export async function saveFlow(db: Db, row: Insertable<LoginFlowsTable>): Promise<void> {
  const full: Insertable<LoginFlowsTable> = {
    device_hash: null,
    code_hash: null,
    code_state: 'none',
    code_expires_at: null,
    code_attempts: 0,
    sent_at: null,
    verified_at: null,
    ...row,
  };
  const { session_hash: _s, purpose: _p, ...rest } = full;
  await db
    .insertInto('login_flows')
    .values(full)
    .onConflict((oc) => oc.columns(['session_hash', 'purpose']).doUpdateSet(rest))
    .execute();
}

/** The live flows of this session for this login name, any purpose. */
export async function findFlows(db: Db, sessionHash: string, nameKey: string, now: Date): Promise<FlowRow[]> {
  return db
    .selectFrom('login_flows')
    .selectAll()
    .where('session_hash', '=', sessionHash)
    .where('name_key', '=', nameKey)
    .where('expires_at', '>', now)
    .execute();
}

/**
 * Puts a new code in place and marks it sent, unless one was sent after `notAfter` (the resend
 * throttle). Returns false when throttled.
 */
export async function claimSend(
  db: Db,
  key: FlowKey,
  code: { hash: string; expiresAt: Date; now: Date; notAfter: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('login_flows')
    .set({
      code_hash: code.hash,
      code_state: 'active',
      code_attempts: 0,
      code_expires_at: code.expiresAt,
      sent_at: code.now,
      verified_at: null,
    })
    .where('session_hash', '=', key.sessionHash)
    .where('purpose', '=', key.purpose)
    .where((eb) => eb.or([eb('sent_at', 'is', null), eb('sent_at', '<=', code.notAfter)]))
    .returning('sent_at')
    .executeTakeFirst();
  return row !== undefined;
}

/** Undoes {@link claimSend} when the mail could not go out: no code, and no throttle for it. */
export async function releaseSend(db: Db, key: FlowKey, previousSentAt: Date | null): Promise<void> {
  await db
    .updateTable('login_flows')
    .set({ code_hash: null, code_state: 'none', code_expires_at: null, sent_at: previousSentAt })
    .where('session_hash', '=', key.sessionHash)
    .where('purpose', '=', key.purpose)
    .execute();
}

/** Counts one wrong code; the `max`-th voids it. Returns the state after, or undefined when the
 * code was no longer active. */
export async function countWrongCode(db: Db, key: FlowKey, max: number): Promise<'active' | 'voided' | undefined> {
  const row = await db
    .updateTable('login_flows')
    .set((eb) => ({
      code_attempts: eb('code_attempts', '+', 1),
      code_state: eb
        .case()
        .when('code_attempts', '>=', max - 1)
        .then(eb.val<CodeState>('voided'))
        .else(eb.val<CodeState>('active'))
        .end(),
    }))
    .where('session_hash', '=', key.sessionHash)
    .where('purpose', '=', key.purpose)
    .where('code_state', '=', 'active')
    .returning('code_state')
    .executeTakeFirst();
  return row?.code_state as 'active' | 'voided' | undefined;
}

/**
 * Voids every active code of the user for `purpose` (in any session) and clears the account's
 * wrong-code counter of that flow, `triesKey`, together: the user must ask for a new code, which
 * gets a full count of tries. The other flow's codes stand (see login/codes.ts).
 */
export async function voidUserCodes(
  db: Db,
  userId: string,
  purpose: LoginFlowPurpose,
  triesKey: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('login_flows')
      .set({ code_state: 'voided' })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('code_state', '=', 'active')
      .execute();
    await trx.deleteFrom('request_counters').where('key', '=', triesKey).execute();
  });
}

/** Voids the flow's active code (it was typed wrong too often); the caller's counts stand. */
export async function voidCode(db: Db, key: FlowKey): Promise<void> {
  await db
    .updateTable('login_flows')
    .set({ code_state: 'voided' })
    .where('session_hash', '=', key.sessionHash)
    .where('purpose', '=', key.purpose)
    .where('code_state', '=', 'active')
    .execute();
}

/** Forgets the wrong tries counted under `triesKey` (a new code was mailed: it gets a full count). */
export async function clearTries(db: Db, triesKey: string): Promise<void> {
  await db.deleteFrom('request_counters').where('key', '=', triesKey).execute();
}

/** Gives back one hit counted under `key`: a try whose code was right (only wrong ones count), or
 * a reset mail that did not go out. */
export async function releaseTry(db: Db, key: string): Promise<void> {
  await db
    .updateTable('request_counters')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

/** Uses the code (once): true when this call did. */
export async function useCode(db: Db, key: FlowKey, codeHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('login_flows')
    .set({ code_state: 'used', code_hash: null, verified_at: now })
    .where('session_hash', '=', key.sessionHash)
    .where('purpose', '=', key.purpose)
    .where('code_state', '=', 'active')
    .where('code_hash', '=', codeHash)
    .returning('verified_at')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes (reads and deletes) a flow: the step that finishes it runs once. */
export async function takeFlow(db: Db, key: FlowKey): Promise<FlowRow | undefined> {
  return db
    .deleteFrom('login_flows')
    .where('session_hash', '=', key.sessionHash)
    .where('purpose', '=', key.purpose)
    .returningAll()
    .executeTakeFirst();
}

/** Drops flows past their end. */
export async function sweepFlows(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('login_flows').where('expires_at', '<=', now).execute();
}
