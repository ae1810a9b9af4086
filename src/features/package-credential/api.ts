/**
 * The calls of the packages credential (§7 "Packages") and the shapes their answers must have.
 * Both go through the general client; their `/uiless/` paths get `x-app-id` / `x-tenant-id`
 * there. The password is never read back: only the generate call returns one, once.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

export const PACKAGES_USERS_PATH = '/uiless/proxy/package/api/external/users';
export const USER_INFO_PATH = `${PACKAGES_USERS_PATH}/userInfo`;
export const PASSWORD_PATH = `${PACKAGES_USERS_PATH}/user/password`;

// `password_set` is optional: a server that does not say leaves the page to its neutral wording.
const userInfoSchema = v.object({ username: v.pipe(v.string(), v.nonEmpty()), password_set: v.optional(v.boolean()) });

/** The credential as the page shows it: never the password, only whether there is one. */
export interface CredentialInfo {
  username: string;
  /** Whether a password was ever set (generated or chosen); undefined when the server did not say. */
  passwordSet: boolean | undefined;
}

/** When the new password starts working; optional, the UI falls back to §9's 10 s. */
const effectiveAtSchema = v.nullish(v.string());

const generatedSchema = v.object({ password: v.pipe(v.string(), v.nonEmpty()), effective_at: effectiveAtSchema });
const setSchema = v.object({ effective_at: effectiveAtSchema });

export interface PasswordChange {
  /** The generated password (generate only): held in memory until the user dismisses it. */
  password?: string;
  /** The server's ISO time the new password takes effect, if it said. */
  effectiveAt: string | undefined;
}

export interface PackageCredentialApi {
  userInfo(): Promise<HttpResult<CredentialInfo>>;
  /** Generates a strong password: POST with an empty body. */
  generatePassword(): Promise<HttpResult<PasswordChange & { password: string }>>;
  /** Sets the user's own password: POST `{ password }`. */
  setPassword(password: string): Promise<HttpResult<PasswordChange>>;
}

export function createPackageCredentialApi(http: HttpClient, t: Translate): PackageCredentialApi {
  return {
    async userInfo() {
      const [error, value] = expectShape(await http.get(USER_INFO_PATH), userInfoSchema, t, {
        method: 'GET',
        url: USER_INFO_PATH,
      });
      if (error) return [error, null];
      return [null, { username: value.username, passwordSet: value.password_set }];
    },
    async generatePassword() {
      const [error, value] = expectShape(await http.post(PASSWORD_PATH), generatedSchema, t, {
        method: 'POST',
        url: PASSWORD_PATH,
      });
      if (error) return [error, null];
      return [null, { password: value.password, effectiveAt: value.effective_at ?? undefined }];
    },
    async setPassword(password) {
      const [error, value] = expectShape(await http.post(PASSWORD_PATH, { password }), setSchema, t, {
        method: 'POST',
        url: PASSWORD_PATH,
      });
      if (error) return [error, null];
      return [null, { effectiveAt: value.effective_at ?? undefined }];
    },
  };
}
