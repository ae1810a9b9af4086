/**
 * 0012: `messages.translations`, the message's text in every language it was written in, so each
 * reader gets it in the language of their request (server/notifications/json.ts `messageJson`):
 * `{ "en_US": { "title": …, "body": … }, "zh_CN": { … } }`. The server's own notices and the
 * demo seed fill it; `title`/`body` stay the text in the language it was written in and are what
 * a reader gets when the message has no text in theirs (rows from before, single-language apps).
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Migrations see the database as it was then, not as schema.ts describes it now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // Nullable without a default: adding it rewrites no rows, however large the inbox.
  await sql`alter table messages add column translations jsonb`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table messages drop column translations`.execute(db);
}
