/**
 * SSH public keys (§7 "SSH keys"): list, add, change title / scope / expiry, delete, on the
 * code-hosting API path, served both bare and under the `/uiless/proxy` prefix the elements use
 * (§2). Bearer tokens need the `codeup:ssh-key` scope: read to list, write to change.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { makeExpirySchema, sshKeySchema } from '../../src/core/validation/rules';
import { check, readJson } from '../body';
import { principalOf } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import type { SshKeyRow } from '../db/schema';
import { AppError, errors } from '../errors';
import { noticeRow } from '../notifications/notify';
import * as repo from '../repos/ssh-keys';
import { parseSshPublicKey } from '../ssh/keys';
import { requireScope } from '../tokens/bearer';
import { expiryInstant } from './tokens';

/** The keys path, after an optional proxy prefix. */
export const SSH_KEYS_PATH = '/codeup/api/v3/user/keys';
const PREFIXES = ['', '/uiless/proxy'];

const notFound = () => new AppError('ssh_key_not_found', 404, 'ssh.error.notFound');
const duplicate = () => new AppError('ssh_key_duplicate', 409, 'ssh.error.duplicate', undefined, { field: 'key' });

/** A key as the list shows it (the contract of src/features/ssh-keys/api.ts). */
export interface SshKeyJson {
  id: string;
  title: string;
  key: string;
  fingerprint: string;
  scope: 'all' | 'read';
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
  expired: boolean;
}

/** The JSON of one key, `expired` judged at `now`. */
export function sshKeyJson(row: SshKeyRow, now: Date): SshKeyJson {
  return {
    id: row.id,
    title: row.title,
    key: row.key,
    fingerprint: row.fingerprint,
    scope: row.scope,
    expires_at: row.expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expired: row.expires_at !== null && row.expires_at.getTime() <= now.getTime(),
  };
}

const invalid = 'validation.invalidType';
const bodySchema = v.record(v.string(), v.unknown(), invalid);
// The shared rule: trimmed, required, ≤ 255, neither invisible characters only (it would read as
// missing) nor a line break or other control character (it would break the list and the notice).
const titleSchema = sshKeySchema.entries.title;
// Required, with no default (§7 lists it among a key's fields; the form always sends one): a
// missing or unknown scope is named, with the values it may take.
const scopeSchema = v.picklist(['all', 'read'], 'ssh.validation.scope');

/** Routes of the SSH keys domain. */
export function sshKeyRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const expirySchema = v.nullable(makeExpirySchema(() => deps.clock.now()));

  /** Each field through its rule, in form order; the first problem is a 400 naming it. */
  const field = <S extends v.GenericSchema>(name: string, schema: S, value: unknown): v.InferOutput<S> => {
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    throw errors.invalid(name, (result.issues[0]?.message ?? invalid) as typeof invalid);
  };
  const expiry = (value: unknown): Date | null => {
    const text = field('expires_at', expirySchema, value === '' || value === undefined ? null : value);
    return text === null ? null : expiryInstant(text);
  };
  /** Whether `value` is the instant already stored: the form sends an untouched expiry back as
   * it was, and a key that has expired since must still take a new title or scope. */
  const sameExpiry = (value: unknown, stored: Date | null) =>
    typeof value === 'string' && stored !== null && expiryInstant(value).getTime() === stored.getTime();

  const list = async (c: Context<AppEnv>) => {
    const rows = await repo.listSshKeys(deps.db, principalOf(c).user.id);
    const now = deps.clock.now();
    return c.json(rows.map((row) => sshKeyJson(row, now)));
  };

  const show = async (c: Context<AppEnv>) => {
    const row = await repo.findSshKey(deps.db, principalOf(c).user.id, c.req.param('id') ?? '');
    if (!row) throw notFound();
    return c.json(sshKeyJson(row, deps.clock.now()));
  };

  const create = async (c: Context<AppEnv>) => {
    const body = check(bodySchema, await readJson(c));
    const user = principalOf(c).user;
    const title = field('title', titleSchema, body.title);
    const keyText = typeof body.key === 'string' ? body.key : '';
    if (!keyText.trim()) throw errors.invalid('key', 'validation.ssh.keyRequired');
    const parsed = parseSshPublicKey(keyText);
    const scope = field('scope', scopeSchema, body.scope);
    const expiresAt = expiry(body.expires_at);
    if (await repo.fingerprintTaken(deps.db, parsed.fingerprint)) throw duplicate();
    const now = deps.clock.now();
    const row = {
      id: `sk_${randomBytes(10).toString('hex')}`,
      user_id: user.id,
      title,
      key: parsed.line,
      key_type: parsed.type,
      fingerprint: parsed.fingerprint,
      scope,
      expires_at: expiresAt,
      created_at: now,
      last_used_at: null,
    };
    // The notice is written in every language (each reader reads their own), stored first in the
    // language of this request (the owner's own), like its answer; the title is quoted as data,
    // never as markup.
    const notice = noticeRow(user.id, {
      app: 'codeup',
      type: 'ssh_key_added',
      title: { key: 'server.ssh.notice.title', params: { title } },
      content: { key: 'server.ssh.notice.body', params: { fingerprint: parsed.fingerprint } },
      locale: c.get('locale'),
      at: now,
    });
    if (!(await repo.insertSshKey(deps.db, row, notice))) throw duplicate();
    return c.json(sshKeyJson(row, now), 201);
  };

  // Fields left out keep their value; `expires_at: null` means "never expires".
  const update = async (c: Context<AppEnv>) => {
    const body = check(bodySchema, await readJson(c));
    const userId = principalOf(c).user.id;
    const id = c.req.param('id') ?? '';
    const current = await repo.findSshKey(deps.db, userId, id);
    if (!current) throw notFound();
    const changes = {
      title: 'title' in body ? field('title', titleSchema, body.title) : current.title,
      scope: 'scope' in body ? field('scope', scopeSchema, body.scope) : current.scope,
      expires_at:
        'expires_at' in body && !sameExpiry(body.expires_at, current.expires_at)
          ? expiry(body.expires_at)
          : current.expires_at,
    };
    const row = await repo.updateSshKey(deps.db, userId, id, changes);
    if (!row) throw notFound();
    return c.json(sshKeyJson(row, deps.clock.now()));
  };

  const remove = async (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!(await repo.deleteSshKey(deps.db, principalOf(c).user.id, id))) throw notFound();
    return c.json({ id });
  };

  const read = requireScope('codeup:ssh-key', 'read');
  const write = requireScope('codeup:ssh-key', 'write');
  for (const prefix of PREFIXES) {
    const base = prefix + SSH_KEYS_PATH;
    app.get(base, read, list);
    app.post(base, write, create);
    app.get(`${base}/:id`, read, show);
    app.post(`${base}/:id`, write, update);
    app.delete(`${base}/:id`, write, remove);
  }
  return app;
}
