/** SQL for OpenID Connect sign-in: the states in flight and the user a provider account is bound to. */
import type { Insertable, Kysely } from 'kysely';
import type { LoginOidcStatesTable } from '../db/login-tables';
import type { Database, IdentityRow } from '../db/schema';
import { saveState, takeState } from './identities';

type Db = Kysely<Database>;

/** Stores a sign-in's state (see identities.ts {@link saveState}: bindings keep theirs alike). */
export const saveLoginState = (db: Db, row: Insertable<LoginOidcStatesTable>, now: Date) =>
  saveState(db, 'login_oidc_states', row, now);

/** Takes a sign-in's live state of this session and provider: each is used once. */
export const takeLoginState = (db: Db, q: Parameters<typeof takeState>[2]) => takeState(db, 'login_oidc_states', q);

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
