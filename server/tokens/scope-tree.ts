/**
 * The token scope tree (§3 Token scope): the suite's apps, each app's resources, and a `read` and
 * a `write` leaf per resource. Tokens store leaf keys; a parent key (from older data or an older
 * client) stands for all of its leaves. Pure data and functions: no database, no Hono.
 */
import type { Locale } from '../../src/core/settings';

/** What a leaf grants. `write` implies `read` when a route checks a scope. */
export type ScopeOperation = 'read' | 'write';

/** A scope node as the API answers it (§3). */
export interface ScopeNodeJson {
  scope_key: string;
  /** `read` / `write` on leaves; null on apps and resources. */
  scope_operate: ScopeOperation | null;
  scope_desc: string;
  sub_scopes: ScopeNodeJson[];
}

type Text = { en: string; zh: string };

interface ResourceDef {
  key: string;
  name: Text;
  /** @default ['read', 'write'] */
  operations?: readonly ScopeOperation[];
}

interface AppDef {
  /** Root key; also the path prefix of the app's API (`/codeup/…`). */
  key: string;
  name: Text;
  /** The catalogue app whose installation lets a member grant these scopes; `null` = every user,
   * `'any-org'` = every member of some organization. */
  grantedBy: string | null;
  resources: readonly ResourceDef[];
}

const READ_ONLY: readonly ScopeOperation[] = ['read'];

/** The tree, in the order the form shows it. */
const APPS: readonly AppDef[] = [
  {
    key: 'codeup',
    name: { en: 'Code hosting', zh: '代码管理' },
    grantedBy: 'codeup',
    resources: [
      { key: 'repository', name: { en: 'repositories', zh: '代码仓库' } },
      { key: 'merge-request', name: { en: 'merge requests', zh: '合并请求' } },
      { key: 'ssh-key', name: { en: 'SSH keys', zh: 'SSH 公钥' } },
    ],
  },
  {
    key: 'projex',
    name: { en: 'Projects', zh: '项目协作' },
    grantedBy: 'projex',
    resources: [
      { key: 'work-item', name: { en: 'work items', zh: '工作项' } },
      { key: 'sprint', name: { en: 'sprints', zh: '迭代' } },
    ],
  },
  {
    key: 'testhub',
    name: { en: 'Test management', zh: '测试管理' },
    grantedBy: 'testhub',
    resources: [{ key: 'test-case', name: { en: 'test cases', zh: '测试用例' } }],
  },
  {
    key: 'flow',
    name: { en: 'Pipelines', zh: '流水线' },
    grantedBy: 'flow',
    resources: [{ key: 'pipeline', name: { en: 'pipelines', zh: '流水线' } }],
  },
  {
    key: 'packages',
    name: { en: 'Artifact repositories', zh: '制品仓库' },
    grantedBy: 'packages',
    resources: [{ key: 'artifact', name: { en: 'artifacts', zh: '制品' } }],
  },
  {
    key: 'org',
    name: { en: 'Organization', zh: '企业' },
    grantedBy: 'any-org',
    resources: [{ key: 'profile', name: { en: 'organization profile', zh: '企业信息' }, operations: READ_ONLY }],
  },
  {
    key: 'user',
    name: { en: 'Personal account', zh: '个人账号' },
    grantedBy: null,
    resources: [{ key: 'profile', name: { en: 'your profile', zh: '个人资料' }, operations: READ_ONLY }],
  },
];

const VERB: Record<ScopeOperation, Text> = {
  read: { en: 'Read', zh: '读取' },
  write: { en: 'Read and write', zh: '读写' },
};

/** A Chinese verb and object; a space before a Latin word, as Chinese typography sets it
 * ('读取 SSH 公钥', '读取代码仓库'). */
const zhPhrase = (verb: string, object: string) => `${verb}${/^[A-Za-z0-9]/.test(object) ? ' ' : ''}${object}`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pick = (text: Text, locale: Locale) => (locale === 'zh_CN' ? text.zh : text.en);

/** The tree in one language, as `GET /users/ajax/v1/tokens:scopes` answers it. */
export function scopeTree(locale: Locale): ScopeNodeJson[] {
  return APPS.map((app) => ({
    scope_key: app.key,
    scope_operate: null,
    scope_desc: pick(app.name, locale),
    sub_scopes: app.resources.map((r) => {
      const key = `${app.key}:${r.key}`;
      return {
        scope_key: key,
        scope_operate: null,
        scope_desc: locale === 'zh_CN' ? r.name.zh : cap(r.name.en),
        sub_scopes: (r.operations ?? ['read', 'write']).map((op) => ({
          scope_key: `${key}:${op}`,
          scope_operate: op,
          scope_desc: locale === 'zh_CN' ? zhPhrase(VERB[op].zh, r.name.zh) : `${VERB[op].en} ${r.name.en}`,
          sub_scopes: [],
        })),
      };
    }),
  }));
}

/** Every leaf key, in tree order. */
export const ALL_LEAVES: readonly string[] = scopeTree('en_US').flatMap((a) =>
  a.sub_scopes.flatMap((r) => r.sub_scopes.map((l) => l.scope_key)),
);

/** Leaves under each node key (a leaf maps to itself). */
const LEAVES_OF = new Map<string, readonly string[]>();
for (const leaf of ALL_LEAVES) {
  const parts = leaf.split(':');
  for (let i = 1; i <= parts.length; i++) {
    const key = parts.slice(0, i).join(':');
    LEAVES_OF.set(key, [...(LEAVES_OF.get(key) ?? []), leaf]);
  }
}

/** Whether a key names a node of the tree. */
export function isScopeKey(key: string): boolean {
  return LEAVES_OF.has(key);
}

/** The leaves a list of keys stands for, deduplicated, in tree order; unknown keys are dropped
 * (callers reject them first with {@link unknownScopes}). */
export function expandScopes(keys: readonly string[]): string[] {
  const wanted = new Set(keys.flatMap((k) => LEAVES_OF.get(k) ?? []));
  return ALL_LEAVES.filter((leaf) => wanted.has(leaf));
}

/** The keys that are not in the tree. */
export function unknownScopes(keys: readonly string[]): string[] {
  return keys.filter((k) => !isScopeKey(k));
}

/** The leaves a user may grant, given the catalogue apps installed in their organizations and
 * whether they belong to any organization at all. */
export function grantableLeaves(installedApps: ReadonlySet<string>, inSomeOrg: boolean): string[] {
  const apps = APPS.filter((app) =>
    app.grantedBy === null ? true : app.grantedBy === 'any-org' ? inSomeOrg : installedApps.has(app.grantedBy),
  );
  return expandScopes(apps.map((a) => a.key));
}

/** Root keys (apps) of the tree: also the path prefixes of their APIs. */
export const SCOPE_APPS: readonly string[] = APPS.map((a) => a.key);

/**
 * Whether held leaves satisfy `operation` on the node `key` (an app or a resource): some leaf
 * under it with that operation, where `write` also satisfies `read`.
 * @example satisfies(['codeup:ssh-key:write'], 'codeup', 'read') // true
 */
export function satisfies(held: readonly string[], key: string, operation: ScopeOperation): boolean {
  const under = LEAVES_OF.get(key) ?? [];
  const ops: readonly ScopeOperation[] = operation === 'read' ? ['read', 'write'] : ['write'];
  return held.some((leaf) => under.includes(leaf) && ops.some((op) => leaf.endsWith(`:${op}`)));
}
