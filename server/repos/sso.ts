/** SQL for OpenID Connect sign-in: the states in flight and the user a provider account is bound to. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { LoginOidcStatesTable } from '../db/login-tables';
import type { Database, IdentityRow } from '../db/schema';

type Db = Kysely<Database>;

/** Stores a state, and drops expired ones on the way (they are useless and small). */
export async function saveLoginState(db: Db, row: Insertable<LoginOidcStatesTable>, now: Date): Promise<void> {
  await db.deleteFrom('login_oidc_states').where('expires_at', '<=', now).execute();
  await db.insertInto('login_oidc_states').values(row).execute();
}

/** Takes (reads and deletes) a live state of this session and provider: each is used once. */
export async function takeLoginState(
  db: Db,
  q: { stateHash: string; sessionHash: string; provider: string; now: Date },
): Promise<Selectable<LoginOidcStatesTable> | undefined> {
  const row = await db
    .deleteFrom('login_oidc_states')
    .where('state_hash', '=', q.stateHash)
    .where('session_hash', '=', q.sessionHash)
    .where('provider', '=', q.provider)
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at > q.now ? row : undefined;
}

/** The user a provider account is bound to. `provider` may be a sign-in-only provider that
 * schema.ts's binding type does not list (migration 0007 allows it in the table). */
export async function boundUserId(db: Db, provider: string, openId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('identities')
    .select('user_id')
    .where('provider', '=', provider as IdentityRow['provider'])
    .where('open_id', '=', openId)
    .executeTakeFirst();
  return row?.user_id;
}
