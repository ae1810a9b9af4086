/** SQL for the housekeeping of avatar uploads (the upload records themselves: repos/objects.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Which of `names` an upload record names: files the server may still serve or choose. */
export async function recordedAvatars(db: Kysely<Database>, names: readonly string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const rows = await db.selectFrom('avatars').select('name').where('name', 'in', names).execute();
  return new Set(rows.map((row) => row.name));
}
