/**
 * Set-up shared by the token tests: extra users with chosen organizations (the demo seed puts
 * everyone in the organization that has every app), and dates relative to the server's clock.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../../server/auth/password';
import type { TestServer } from './server';

/** Adds a user who belongs only to the named demo organizations (none: no organization). */
export async function addUser(
  server: TestServer,
  username: string,
  password: string,
  orgNames: Array<[string, 'admin' | 'member']> = [],
): Promise<string> {
  const db = server.database.db;
  const id = `u_${randomBytes(10).toString('hex')}`;
  await db
    .insertInto('users')
    .values({
      id,
      username,
      name: username,
      email: null,
      password_hash: await hashPassword(password),
      locale: 'en_US',
      avatar: null,
    })
    .execute();
  for (const [orgName, role] of orgNames) {
    const org = await db.selectFrom('organizations').select('id').where('name', '=', orgName).executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ org_id: org.id, user_id: id, role }).execute();
  }
  return id;
}

/** An ISO instant `days` from the server's (fake) now. */
export function inDays(server: TestServer, days: number): string {
  return new Date(server.clock.now().getTime() + days * 86_400_000).toISOString();
}

/** How many tokens are stored, all users together. */
export async function tokenCount(server: TestServer): Promise<number> {
  const row = await server.database.db
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
