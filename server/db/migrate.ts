/**
 * Versioned migrations, applied at start on PGlite and PostgreSQL alike. Kysely's migrator takes
 * a PostgreSQL advisory lock, so several servers starting on one database migrate it once.
 */
import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Database } from './schema';
import * as m0001 from './migrations/0001_initial';

/** Every migration, in order. Add new ones here; never edit one that has shipped. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every pending migration; returns the names applied. Throws on the first failure. */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
