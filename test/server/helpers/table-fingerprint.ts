/**
 * A fingerprint of every table in the database, table by table, for tests that check a request
 * changed nothing. The tables come from the database itself, not from a list, and each one must
 * have a rule: watched whole, or watched with the columns or rows that may change left out and
 * the reason written beside them. A table nobody thought about fails the check instead of being
 * silently ignored.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/** What of a table the fingerprint leaves out, and why that part may change. */
export interface PartialRule {
  /** Columns left out of every row. */
  omit?: readonly string[];
  /** SQL condition on `t` (the row) choosing the rows that are watched; the others may come and go. */
  rows?: string;
  /** Why the part left out may change. Required: an exception without a reason is not allowed. */
  why: string;
}

/** Per table: `'whole'` (every column of every row) or a {@link PartialRule}. */
export type FingerprintPolicy = Record<string, 'whole' | PartialRule>;

/** One md5 per table. */
export type Fingerprint = Record<string, string>;

/** The ordinary tables of the database's current schema, by name. */
export async function tableNames(db: Kysely<any>): Promise<string[]> {
  const answer = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  return answer.rows.map((r) => r.name);
}

/** Tables that have no rule (and rules for tables that do not exist), as readable lines. */
export async function policyGaps(db: Kysely<any>, policy: FingerprintPolicy): Promise<string[]> {
  const tables = await tableNames(db);
  return [
    ...tables.filter((t) => !(t in policy)).map((t) => `table ${t} has no rule`),
    ...Object.keys(policy)
      .filter((t) => !tables.includes(t))
      .map((t) => `rule for missing table ${t}`),
  ];
}

/** The statement that fingerprints every table of `policy` at once (one round trip). */
function fingerprintQuery(policy: FingerprintPolicy): string {
  const parts = Object.entries(policy).map(([table, rule]) => {
    const omit = rule === 'whole' ? [] : (rule.omit ?? []);
    const row = omit.length
      ? `(to_jsonb(t) - array[${omit.map((c) => `'${c}'`).join(',')}]::text[])::text`
      : 'to_jsonb(t)::text';
    const where = rule !== 'whole' && rule.rows ? ` where ${rule.rows}` : '';
    const hash = `(select md5(coalesce(string_agg(r, '|' order by r), '')) from (select ${row} from "${table}" t${where}) q(r))`;
    return `'${table}', ${hash}`;
  });
  return `select json_build_object(${parts.join(', ')})::text as h`;
}

/** The fingerprint of every table named in `policy`. */
export async function fingerprint(db: Kysely<any>, policy: FingerprintPolicy): Promise<Fingerprint> {
  const answer = await sql<{ h: string }>`${sql.raw(fingerprintQuery(policy))}`.execute(db);
  return JSON.parse(String(answer.rows[0]?.h)) as Fingerprint;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

/**
 * Watches the tables of `policy` for changes cheaply: a statement trigger on every table (in the
 * test database only, schema `test_audit`) logs the table's name on any insert, update, delete or
 * truncate, and only the tables logged since the last look are fingerprinted again. Sound because
 * every change of a row goes through one of those statements; a write that changed nothing the
 * policy watches (a touched column left out, a rewrite to the same value) is then let through by
 * the fingerprint.
 * @example const watch = await WriteWatch.start(db, policy); … assert.deepEqual(await watch.changes(), []);
 */
export class WriteWatch {
  #print: Fingerprint = {};

  private constructor(
    private readonly db: Kysely<any>,
    private readonly policy: FingerprintPolicy,
  ) {}

  /** Installs the triggers (once per database) and takes the first fingerprint. */
  static async start(db: Kysely<any>, policy: FingerprintPolicy): Promise<WriteWatch> {
    await sql`create schema if not exists test_audit`.execute(db);
    await sql`create table if not exists test_audit.writes (id bigserial primary key, table_name text not null)`.execute(
      db,
    );
    await sql`create or replace function test_audit.log_write() returns trigger language plpgsql as $$
      begin insert into test_audit.writes (table_name) values (tg_table_name); return null; end $$`.execute(db);
    for (const table of await tableNames(db)) {
      await sql`drop trigger if exists test_audit_write on ${sql.id(table)}`.execute(db);
      await sql`create trigger test_audit_write after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function test_audit.log_write()`.execute(db);
    }
    const watch = new WriteWatch(db, policy);
    await watch.reset();
    return watch;
  }

  /** Takes the current state as the new starting point. */
  async reset(): Promise<void> {
    await sql`delete from test_audit.writes`.execute(this.db);
    this.#print = await fingerprint(this.db, this.policy);
  }

  /** The watched tables whose fingerprint changed since the last call (or {@link reset}). */
  async changes(): Promise<string[]> {
    // Taking the log rows away (rather than remembering the last id) cannot miss a write whose
    // transaction commits after a later one: its row is not visible yet, so it waits for next time.
    const written = await sql<{ table_name: string }>`delete from test_audit.writes returning table_name`.execute(
      this.db,
    );
    const tables = [...new Set(written.rows.map((r) => r.table_name))].filter((t) => t in this.policy);
    if (tables.length === 0) return [];
    const now = await fingerprint(this.db, Object.fromEntries(tables.map((t) => [t, this.policy[t]!])));
    const changed = changedTables(Object.fromEntries(tables.map((t) => [t, this.#print[t] ?? ''])), now);
    Object.assign(this.#print, now);
    return changed;
  }
}
