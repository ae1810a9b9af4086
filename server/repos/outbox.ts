/** SQL for the mail outbox (used when no SMTP server is configured). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One kept email. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: Date;
}

/** Keeps one email. */
export async function insertMail(db: Kysely<Database>, mail: OutboxMail): Promise<void> {
  await db.insertInto('outbox').values(mail).execute();
}

/** Every kept email, oldest first (newest last). */
export async function listMail(db: Kysely<Database>, limit = 500): Promise<OutboxMail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'to', 'subject', 'text', 'html', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(({ id: _id, ...mail }) => mail);
}
