/**
 * SQL for third-party identities and the OpenID Connect states of bindings in flight.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, IdentityRow, OidcStatesTable } from '../db/schema';

type Db = Kysely<Database>;

/** The user's bindings, by provider. */
export async function listIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  return db.selectFrom('identities').selectAll().where('user_id', '=', userId).orderBy('provider').execute();
}

/** What binding an account did. */
export type BindOutcome = 'bound' | 'bound_elsewhere' | 'already_bound';

/**
 * Binds `open_id` at `provider` to the user, in one transaction:
 * - the account belongs to another user → `bound_elsewhere`, nothing written;
 * - the user has another account of this provider → `already_bound`, nothing written;
 * - the same binding again refreshes the name.
 * The primary key and the (user, provider) index settle races between servers.
 */
export async function bindIdentity(db: Db, row: Insertable<Database['identities']>): Promise<BindOutcome> {
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('identities')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (inserted) return 'bound';
    const owner = await tx
      .selectFrom('identities')
      .select('user_id')
      .where('provider', '=', row.provider)
      .where('open_id', '=', row.open_id)
      .executeTakeFirst();
    if (owner && owner.user_id !== row.user_id) return 'bound_elsewhere';
    if (!owner) return 'already_bound';
    await tx
      .updateTable('identities')
      .set({ name: row.name })
      .where('provider', '=', row.provider)
      .where('open_id', '=', row.open_id)
      .execute();
    return 'bound';
  });
}

/** Removes the user's binding at `provider`; whether there was one. */
export async function unbindIdentity(db: Db, userId: string, provider: string): Promise<boolean> {
  const result = await db
    .deleteFrom('identities')
    .where('user_id', '=', userId)
    .where('provider', '=', provider as IdentityRow['provider'])
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Stores a state, and drops expired ones on the way (they are useless and small). */
export async function saveOidcState(db: Db, row: Insertable<OidcStatesTable>, now: Date): Promise<void> {
  await db.deleteFrom('oidc_states').where('expires_at', '<=', now).execute();
  await db.insertInto('oidc_states').values(row).execute();
}

/** Takes (reads and deletes) a live state of this session and provider: each is used once. */
export async function takeOidcState(
  db: Db,
  q: { stateHash: string; sessionHash: string; provider: string; now: Date },
): Promise<Selectable<OidcStatesTable> | undefined> {
  const row = await db
    .deleteFrom('oidc_states')
    .where('state_hash', '=', q.stateHash)
    .where('session_hash', '=', q.sessionHash)
    .where('provider', '=', q.provider)
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at > q.now ? row : undefined;
}
