/**
 * The calls of the login feature (§7 "Profile and login", issue 7) and the shapes of their
 * answers. Every unsafe call carries the element's CSRF token (from `csrf-token`, else from the
 * page-settings call, replaced by the one a successful login returns) plus the `user_agent` and
 * `umid-token` device headers. Every call resolves to an `[error, result]` pair.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';
import { deviceHeaders } from './device';

export const PAGE_SETTINGS_PATH = '/users/ajax/v1/page-settings';
export const PROVIDERS_PATH = '/users/ajax/v1/login/providers';
export const LOGIN_PATH = '/users/ajax/login';
export const userPath = (username: string, action: string) =>
  `/users/ajax/users/${encodeURIComponent(username)}/${action}`;

export type LoginMode = 'password' | 'ldap' | 'windows-ad';
export type DirectoryKind = Exclude<LoginMode, 'password'>;
export const PROVIDER_IDS = ['dingtalk', 'lark', 'wechat-work', 'aliyun'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

const pageSettingsSchema = v.looseObject({ csrfToken: v.pipe(v.string(), v.nonEmpty()) });

const providersSchema = v.object({
  // Unknown ids (a newer server) are dropped rather than failing the whole row.
  providers: v.pipe(
    v.array(v.looseObject({ id: v.string(), name: v.nullish(v.string()), authorize_url: v.string() })),
    v.transform((list) =>
      list.filter((p): p is typeof p & { id: ProviderId } => (PROVIDER_IDS as readonly string[]).includes(p.id)),
    ),
  ),
  ldap: v.nullish(
    v.object({
      enabled: v.boolean(),
      kinds: v.pipe(
        v.array(v.string()),
        v.transform((kinds) => kinds.filter((k): k is DirectoryKind => k === 'ldap' || k === 'windows-ad')),
      ),
    }),
  ),
});
export type Providers = v.InferOutput<typeof providersSchema>;
export type Provider = Providers['providers'][number];

/** The signed-in user as the server describes it (id, username, name, avatar, …). */
export type LoginUser = { id?: string; username?: string; name?: string } & Record<string, unknown>;

const signedInSchema = v.object({
  user: v.looseObject({ id: v.optional(v.string()), username: v.optional(v.string()), name: v.optional(v.string()) }),
  csrfToken: v.string(),
});
export interface SignedIn {
  user: LoginUser;
  csrfToken: string;
}

/** One pointer (or synthetic keyboard) sample of a slider drag: px from the start, ms since start. */
export interface TrailPoint {
  x: number;
  t: number;
}

export interface LoginBody {
  username: string;
  password: string;
  mode?: LoginMode;
  slider_token?: string;
}

export interface LoginApi {
  pageSettings(): Promise<HttpResult<{ csrfToken: string }>>;
  providers(): Promise<HttpResult<Providers>>;
  login(body: LoginBody): Promise<HttpResult<SignedIn>>;
  /** A POST to one of the account's actions ({@link userPath}) with the session's headers, whose
   * answer must have `schema`'s shape: for the calls of a later step, which bring their schemas
   * with their code (slider-api.ts). */
  postAction<S extends v.GenericSchema>(
    username: string,
    action: string,
    body: unknown,
    schema: S,
  ): Promise<HttpResult<v.InferOutput<S>>>;
  sendCode(username: string): Promise<HttpResult<unknown>>;
  verifyCode(username: string, code: string): Promise<HttpResult<SignedIn>>;
  changePassword(username: string, oldPassword: string, newPassword: string): Promise<HttpResult<unknown>>;
}

export interface LoginSession {
  /** The CSRF token in force, read at every call. */
  csrfToken(): string;
  /** This element's `umid-token`. */
  umid: string;
}

/** The login calls bound to one element's HTTP client and session. */
export function createLoginApi(http: HttpClient, t: Translate, session: LoginSession): LoginApi {
  const headers = () => {
    const token = session.csrfToken();
    return { ...deviceHeaders(session.umid), ...(token ? { 'X-CSRF-Token': token } : {}) };
  };
  const post = (url: string, body?: unknown) => http.post(url, body, { headers: headers() });
  const shaped = <S extends v.GenericSchema>(result: HttpResult<unknown>, schema: S, method: string, url: string) =>
    expectShape(result, schema, t, { method, url });

  return {
    async pageSettings() {
      return shaped(await http.get(PAGE_SETTINGS_PATH), pageSettingsSchema, 'GET', PAGE_SETTINGS_PATH);
    },
    async providers() {
      return shaped(await http.get(PROVIDERS_PATH), providersSchema, 'GET', PROVIDERS_PATH);
    },
    async login(body) {
      return shaped(await post(LOGIN_PATH, body), signedInSchema, 'POST', LOGIN_PATH);
    },
    async postAction(username, action, body, schema) {
      const url = userPath(username, action);
      return shaped(await post(url, body), schema, 'POST', url);
    },
    sendCode: (username) => post(userPath(username, 'emailCaptcha')),
    async verifyCode(username, code) {
      const url = userPath(username, 'emailCaptcha:verify');
      return shaped(await post(url, { code }), signedInSchema, 'POST', url);
    },
    changePassword: (username, oldPassword, newPassword) =>
      http.put(
        userPath(username, 'password:reset'),
        { old_password: oldPassword, new_password: newPassword },
        { headers: headers() },
      ),
  };
}
