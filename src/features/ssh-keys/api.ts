/**
 * The calls of the SSH keys feature (§7) and the shapes their answers must have. They go to the
 * code-hosting API under the flavour's SSH proxy prefix (`/uiless/proxy`, or none in the global
 * flavour, §2). Every call resolves to an `[error, result]` pair; an answer of the wrong shape
 * becomes a `malformed` error through `expectShape`, so the screen shows its error state.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

/** The keys path after the proxy prefix. */
export const KEYS_PATH = '/codeup/api/v3/user/keys';

/** What a key may be used for: everything (clone, pull, push) or reading only. */
export const SSH_KEY_SCOPES = ['all', 'read'] as const;
export type SshKeyScope = (typeof SSH_KEY_SCOPES)[number];

/** Ids may come as numbers from the code-hosting API; the UI keeps them as strings. */
const idSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

/** One registered key (§3). */
export const sshKeySchema = v.object({
  id: idSchema,
  title: v.string(),
  key: v.pipe(
    v.nullish(v.string()),
    v.transform((s) => s ?? ''),
  ),
  fingerprint: v.string(),
  scope: v.picklist(SSH_KEY_SCOPES),
  /** null: never expires. */
  expires_at: v.nullable(v.string()),
  created_at: v.string(),
  last_used_at: v.nullish(v.string()),
  expired: v.pipe(
    v.nullish(v.boolean()),
    v.transform((b) => b ?? false),
  ),
});
export type SshKey = v.InferOutput<typeof sshKeySchema>;

const listSchema = v.array(sshKeySchema);

export interface CreateSshKeyBody {
  title: string;
  key: string;
  scope: SshKeyScope;
  /** End of the chosen day minus 2 s, ISO; left out for a key that never expires. */
  expires_at?: string;
}

export interface UpdateSshKeyBody {
  title: string;
  scope: SshKeyScope;
  /** End of the chosen day minus 2 s, ISO; null for a key that never expires. */
  expires_at: string | null;
}

export interface SshKeysApi {
  list(): Promise<HttpResult<SshKey[]>>;
  create(body: CreateSshKeyBody): Promise<HttpResult<SshKey>>;
  update(id: string, body: UpdateSshKeyBody): Promise<HttpResult<unknown>>;
  remove(id: string): Promise<HttpResult<unknown>>;
}

/** The SSH key calls bound to one element's HTTP client.
 * @param prefix - the flavour's `sshProxyPrefix` ('/uiless/proxy', or '' in global) */
export function createSshKeysApi(http: HttpClient, t: Translate, prefix: string): SshKeysApi {
  const base = `${prefix.replace(/\/+$/, '')}${KEYS_PATH}`;
  const byId = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    async list() {
      return expectShape(await http.get(base), listSchema, t, { method: 'GET', url: base });
    },
    async create(body) {
      return expectShape(await http.post(base, body), sshKeySchema, t, { method: 'POST', url: base });
    },
    // §7: the update is a POST to the key's own path.
    update: (id, body) => http.post(byId(id), body),
    remove: (id) => http.delete(byId(id)),
  };
}
