/**
 * Versioned migrations, applied at start on PGlite and PostgreSQL alike. Kysely's migrator takes
 * a PostgreSQL advisory lock, so several servers starting on one database migrate it once.
 */
import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Database } from './schema';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_access_tokens';
import * as m0003 from './migrations/0003_profile';
import * as m0004 from './migrations/0004_ssh_packages_identities';
import * as m0005 from './migrations/0005_organizations';
import * as m0006 from './migrations/0006_notifications';
import * as m0007 from './migrations/0007_login';
import * as m0008 from './migrations/0008_tracking';
import * as m0009 from './migrations/0009_tokens_version';
import * as m0010 from './migrations/0010_verified_email_unique';
import * as m0011 from './migrations/0011_device_cookie';
import * as m0012 from './migrations/0012_message_translations';
import * as m0013 from './migrations/0013_user_locale_optional';
import * as m0014 from './migrations/0014_session_lookup';

/** Every migration, in order. Add new ones here; never edit one that has shipped. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_access_tokens': m0002,
  '0003_profile': m0003,
  '0004_ssh_packages_identities': m0004,
  '0005_organizations': m0005,
  '0006_notifications': m0006,
  '0007_login': m0007,
  '0008_tracking': m0008,
  '0009_tokens_version': m0009,
  '0010_verified_email_unique': m0010,
  '0011_device_cookie': m0011,
  '0012_message_translations': m0012,
  '0013_user_locale_optional': m0013,
  '0014_session_lookup': m0014,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every pending migration; returns the names applied. Throws on the first failure. */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
