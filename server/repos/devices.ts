/** SQL for the devices users have signed in from (device = SHA-256 of the device cookie's id, see
 * server/login/device.ts). */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Whether the user has signed in from this device before. */
export async function isKnownDevice(db: Db, userId: string, deviceHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('known_devices')
    .select('device_hash')
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** What recording a sign-in's device found. */
export interface DeviceRecord {
  /** The device was not known before this sign-in. */
  isNew: boolean;
  /** The user had signed in from some other device before (so "new" means something). */
  hadOthers: boolean;
}

/** Records (or refreshes) the device of a sign-in; says whether it was new and whether the user
 * had signed in from any other device before. */
export async function recordDevice(
  db: Db,
  row: { userId: string; deviceHash: string; userAgent: string | null; now: Date },
): Promise<DeviceRecord> {
  const inserted = await db
    .insertInto('known_devices')
    .values({
      user_id: row.userId,
      device_hash: row.deviceHash,
      user_agent: row.userAgent,
      created_at: row.now,
      last_seen_at: row.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: row.now }))
    // xmax = 0 only for a freshly inserted row: PostgreSQL's way to tell an insert from an update,
    // and race-free where a select-then-insert would let two sign-ins both see "new".
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirstOrThrow();
  const others = await db
    .selectFrom('known_devices')
    .select('device_hash')
    .where('user_id', '=', row.userId)
    .where('device_hash', '!=', row.deviceHash)
    .limit(1)
    .execute();
  return { isNew: inserted.inserted, hadOthers: others.length > 0 };
}
