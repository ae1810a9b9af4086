/**
 * The calls of the forgot-password flow (§2, §7, issue 7): check the account, mail a code,
 * verify it, set the new password. Unsafe calls carry the CSRF token (the `csrf-token`
 * attribute, else one fetched from page-settings) and the `user_agent` / `umid-token` headers.
 * Every call resolves to an `[error, result]` pair.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

export const PAGE_SETTINGS_PATH = '/users/ajax/v1/page-settings';
export const userPath = (username: string, action: string) =>
  `/users/ajax/users/${encodeURIComponent(username)}/${action}`;

const pageSettingsSchema = v.looseObject({ csrfToken: v.pipe(v.string(), v.nonEmpty()) });
const checkSchema = v.looseObject({ exists: v.boolean(), email: v.nullish(v.string()) });
export type AccountCheck = v.InferOutput<typeof checkSchema>;

/** A random id of this browser for the server's risk checks, kept in memory only (§3 `umid-token`).
 * (The login feature has the same helper; features do not import each other.) */
export function createUmidToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return 'umid-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ResetApi {
  pageSettings(): Promise<HttpResult<{ csrfToken: string }>>;
  check(username: string): Promise<HttpResult<AccountCheck>>;
  sendCode(username: string): Promise<HttpResult<unknown>>;
  verifyCode(username: string, code: string): Promise<HttpResult<unknown>>;
  reset(username: string, newPassword: string): Promise<HttpResult<unknown>>;
}

export interface ResetSession {
  csrfToken(): string;
  umid: string;
}

export function createResetApi(http: HttpClient, t: Translate, session: ResetSession): ResetApi {
  const headers = () => {
    const token = session.csrfToken();
    return {
      user_agent: navigator.userAgent,
      'umid-token': session.umid,
      ...(token ? { 'X-CSRF-Token': token } : {}),
    };
  };
  return {
    async pageSettings() {
      return expectShape(await http.get(PAGE_SETTINGS_PATH), pageSettingsSchema, t, {
        method: 'GET',
        url: PAGE_SETTINGS_PATH,
      });
    },
    async check(username) {
      const url = userPath(username, 'check');
      return expectShape(await http.get(url), checkSchema, t, { method: 'GET', url });
    },
    sendCode: (username) => http.post(userPath(username, 'emailCaptcha'), undefined, { headers: headers() }),
    verifyCode: (username, code) =>
      http.post(userPath(username, 'emailCaptcha:verify'), { code }, { headers: headers() }),
    reset: (username, newPassword) =>
      http.put(userPath(username, 'password:reset'), { new_password: newPassword }, { headers: headers() }),
  };
}
