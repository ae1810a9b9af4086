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

/** The tables of OpenID Connect states in flight, one for bindings (here) and one for sign-ins
 * (sso.ts): each row has the state's hash, its session's and its provider, and expires. */
export type OidcStatesTableName = 'oidc_states' | 'login_oidc_states';

/** The columns the two tables share, which is all the queries below name (`returningAll` still
 * returns every column of the table). */
type StatesDb = Kysely<
  Record<OidcStatesTableName, Pick<OidcStatesTable, 'state_hash' | 'session_hash' | 'provider' | 'expires_at'>>
>;

/** Stores a state, and drops expired ones on the way (they are useless and small). */
export async function saveState<T extends OidcStatesTableName>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
  now: Date,
): Promise<void> {
  const states = db as unknown as StatesDb;
  await states
    .deleteFrom(table as OidcStatesTableName)
    .where('expires_at', '<=', now)
    .execute();
  await db
    .insertInto(table as OidcStatesTableName)
    .values(row as never)
    .execute();
}

/** Takes (reads and deletes) a live state of this session and provider: each is used once. */
export async function takeState<T extends OidcStatesTableName>(
  db: Db,
  table: T,
  q: { stateHash: string; sessionHash: string; provider: string; now: Date },
): Promise<Selectable<Database[T]> | undefined> {
  const states = db as unknown as StatesDb;
  const row = await states
    .deleteFrom(table as OidcStatesTableName)
    .where('state_hash', '=', q.stateHash)
    .where('session_hash', '=', q.sessionHash)
    .where('provider', '=', q.provider)
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at > q.now ? (row as Selectable<Database[T]>) : undefined;
}

/** Stores a binding's state (see {@link saveState}). */
export const saveOidcState = (db: Db, row: Insertable<OidcStatesTable>, now: Date) =>
  saveState(db, 'oidc_states', row, now);

/** Takes a binding's live state (see {@link takeState}). */
export const takeOidcState = (db: Db, q: Parameters<typeof takeState>[2]) => takeState(db, 'oidc_states', q);
