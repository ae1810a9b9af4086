/**
 * First-start data. The app catalogue is reference data and is brought up to date on every start;
 * the demo accounts, organizations and messages are written once, on the first start with
 * `YX_SEED=demo`. A transaction-scoped advisory lock makes concurrent starts seed only once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { APPS } from '../src/core/catalogue';
import { flavourOf } from '../src/core/flavours';
import type { Flavour } from '../src/core/settings';
import { hashPassword } from './auth/password';
import type { Clock } from './clock';
import type { Database } from './db/schema';
import { DEMO_ACCOUNTS, DEMO_ORGS, EXTRA_ORG_APPS } from './seed-data';
import type { DemoOrg } from './seed-data';
import { DEMO_MESSAGES } from './seed-messages';
import { bulkDemoMessages, translationsJson } from './notifications/demo-messages';
import { insertMessagesBulk } from './repos/notifications';

/** Lock key for seeding ("yxseed" in ASCII, folded into an int). */
const SEED_LOCK = 0x797873;

/** A random id with a prefix (`u_…`, `org_…`, `m_…`). */
export function newId(prefix: string, bytes = 10): string {
  return `${prefix}_${randomBytes(bytes).toString('hex')}`;
}

/** Writes or refreshes the app catalogue (§1). */
export async function seedCatalogue(db: Kysely<Database>): Promise<void> {
  const rows = APPS.map((app) => ({
    id: app.id,
    name: app.name,
    name_cn: app.nameCN,
    vpc_id: app.vpcId ?? null,
    logo_url_cdn: app.logoUrlCDN,
    raw_url: `/${app.id}/`,
  }));
  await db
    .insertInto('apps')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        name_cn: eb.ref('excluded.name_cn'),
        vpc_id: eb.ref('excluded.vpc_id'),
        logo_url_cdn: eb.ref('excluded.logo_url_cdn'),
        raw_url: eb.ref('excluded.raw_url'),
      })),
    )
    .execute();
}

export interface DemoSeedOptions {
  clock: Clock;
  flavour: Flavour;
  /** Extra organizations the demo user belongs to. @default 0 */
  extraOrgs?: number;
  /** Extra messages the demo user gets (`YX_DEMO_MESSAGES`, bulk insert). @default 0 */
  extraMessages?: number;
}

/** Writes the demo data unless some seed already ran. Returns whether it wrote anything. */
export async function seedDemo(db: Kysely<Database>, options: DemoSeedOptions): Promise<boolean> {
  // A quick look first, so a restart does not pay for hashing; the locked check below decides.
  if (await seedRecorded(db)) return false;
  // Hash outside the transaction: ~10 ms each, no need to hold the lock for it.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    if (await seedRecorded(tx)) return false;
    await writeDemo(tx, options, hashes);
    await tx.insertInto('meta').values({ key: 'seed', value: 'demo' }).execute();
    return true;
  });
}

async function seedRecorded(db: Kysely<Database>): Promise<boolean> {
  return Boolean(await db.selectFrom('meta').select('value').where('key', '=', 'seed').executeTakeFirst());
}

/** Records that the database was deliberately left empty (`YX_SEED=none`). */
export async function markUnseeded(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: 'seed', value: 'none' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

async function writeDemo(tx: Transaction<Database>, options: DemoSeedOptions, hashes: string[]): Promise<void> {
  const now = options.clock.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600_000);
  const defaultLocale = flavourOf(options.flavour).defaultLocale;
  const userIds = new Map<string, string>();

  await tx
    .insertInto('users')
    .values(
      DEMO_ACCOUNTS.map((a, i) => {
        const id = newId('u');
        userIds.set(a.username, id);
        return {
          id,
          username: a.username,
          name: a.name,
          email: a.email,
          email_verified: a.email !== null,
          password_hash: hashes[i]!,
          locale: a.locale,
          avatar: null,
          must_change_password: a.mustChangePassword ?? false,
          risk_check: a.riskCheck ?? false,
          created_at: at(24 * 90),
        };
      }),
    )
    .execute();

  const orgs = DEMO_ORGS.map((o, i) => ({ ...o, id: newId('org', 6), created: at(24 * 80 - i) }));
  const extra = Array.from({ length: options.extraOrgs ?? 0 }, (_, i) => ({
    key: `extra-${i}`,
    name: `Demo Org ${String(i + DEMO_ORGS.length + 1).padStart(3, '0')}`,
    apps: EXTRA_ORG_APPS,
    members: [['demo', 'member']] as Array<[string, 'admin' | 'member']>,
    id: newId('org', 6),
    created: at(24 * 60 - i / 60),
  }));
  // Chunks keep each statement well under PostgreSQL's 65535 bound parameters.
  for (const chunk of chunks<DemoOrg & { id: string; created: Date }>([...orgs, ...extra], 500)) {
    await tx
      .insertInto('organizations')
      .values(
        chunk.map((o) => ({
          id: o.id,
          name: o.name,
          logo: null,
          created_at: o.created,
          ip_allowlist: [...(o.ipAllowlist ?? [])],
          order_expires_at: o.orderExpiredDaysAgo === undefined ? null : at(24 * o.orderExpiredDaysAgo),
        })),
      )
      .execute();
    const memberships = chunk.flatMap((o) =>
      o.members.map(([username, role], j) => ({
        org_id: o.id,
        user_id: userIds.get(username)!,
        role,
        created_at: new Date(o.created.getTime() + j * 1000),
      })),
    );
    await tx.insertInto('memberships').values(memberships).execute();
    const apps = chunk.flatMap((o) => o.apps.map((app_id) => ({ org_id: o.id, app_id, installed_at: o.created })));
    await tx.insertInto('org_apps').values(apps).execute();
  }

  // In both languages: each reader reads them in their own; title/body in the account's.
  const messages = DEMO_ACCOUNTS.flatMap((a) => {
    const locale = a.locale ?? defaultLocale;
    return (DEMO_MESSAGES[a.username] ?? []).map((msg) => {
      const [title, body] = locale === 'zh_CN' ? msg.zh : msg.en;
      return {
        id: newId('m'),
        user_id: userIds.get(a.username)!,
        app: msg.app,
        title,
        body,
        read: msg.read,
        sensitive_type: msg.sensitive ?? null,
        created_at: at(msg.hoursAgo),
        translations: translationsJson(msg.en, msg.zh),
      };
    });
  });
  await tx.insertInto('messages').values(messages).execute();
  const demo = DEMO_ACCOUNTS.find((a) => a.username === 'demo')!;
  const bulk = bulkDemoMessages(userIds.get('demo')!, options.extraMessages ?? 0, now, demo.locale ?? defaultLocale);
  await insertMessagesBulk(tx, bulk);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
