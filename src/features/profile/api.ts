/**
 * The calls of the profile feature (§7) and the shapes their answers must have. Every call
 * resolves to an `[error, result]` pair; a `me` answer of the wrong shape becomes a `malformed`
 * error through `expectShape`, so the element shows its error state with Retry.
 */
import * as v from 'valibot';
import { HttpError, STATUS_NETWORK } from '../../core/http';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { normalizeLocale } from '../../core/i18n/index';
import type { Locale, PageSettings } from '../../core/settings';
import { expectShape } from '../../core/response';
import { prefetch } from '../../ui/lazy';
import type { uploadFile as UploadFileFn } from './upload';

export const ME_PATH = '/individual/proxy/me';
export const AVATAR_UPLOAD_PATH = '/objects/ajax/avatars';
export const MY_AVATAR_PATH = '/individual/proxy/my/avatar';
export const EMAIL_BIND_PATH = '/users/ajax/v1/my/emails:bind';
export const EMAIL_REBIND_PATH = '/users/ajax/v1/my/emails:rebind';
export const EMAIL_UNBIND_PATH = '/individual/proxy/my/email:unbind';
export const PASSWORD_PATH = '/users/ajax/v1/my/password';
export const PREFERENCES_PATH = '/users/ajax/v1/my/preferences';

// A change of a verified address waits for its link as `pending`; until then the verified address
// stays the account's (server/profile/email.ts).
const pendingSchema = v.object({ address: v.string(), expired: v.optional(v.boolean(), false) });
export type PendingEmail = v.InferOutput<typeof pendingSchema>;
const emailSchema = v.object({
  address: v.string(),
  verified: v.boolean(),
  pending: v.optional(v.nullable(pendingSchema)),
});
export type BoundEmail = v.InferOutput<typeof emailSchema>;

/** The current user, fetched `with_email_info` (§3). */
export const meSchema = v.object({
  _id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  username: v.string(),
  name: v.nullish(v.string(), ''),
  avatar: v.nullish(v.string(), null),
  // Any language tag maps to a supported locale by the §4 rules; a missing one reads as zh_CN.
  language: v.pipe(
    v.nullish(v.string(), ''),
    v.transform((s): Locale => normalizeLocale(s) ?? 'zh_CN'),
  ),
  has_password: v.boolean(),
  email: v.nullish(emailSchema, null),
});
export type Me = v.InferOutput<typeof meSchema>;

/** An avatar URL the page may show: http(s) or relative. Anything else (`javascript:`, `data:`,
 * other schemes) is dropped, and the initials are shown instead. */
export function safeAvatarUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  const value = url.trim();
  // eslint-disable-next-line no-control-regex
  if (!value || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const base = typeof location === 'undefined' ? 'http://relative.invalid/' : location.href;
    const { protocol } = new URL(value, base);
    return protocol === 'http:' || protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

// An upload answer with a URL we would refuse to show is malformed: it is never saved.
const uploadedSchema = v.object({
  url: v.pipe(
    v.string(),
    v.check((url) => safeAvatarUrl(url) !== null),
  ),
});

let umidToken: string | undefined;

/** The per-device id sent as `umid-token` with password changes (§3 login payload). Kept in
 * memory only: a new page load is a new id, and nothing is written to storage. */
export function umid(): string {
  if (!umidToken) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    umidToken = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
  return umidToken;
}

export interface ChangePasswordBody {
  new_password: string;
  /** Sent only when the user has a password (§5). */
  old_password?: string;
}

export interface ProfileApi {
  me(): Promise<HttpResult<Me>>;
  /** Uploads the file (multipart field `file`), reporting progress from 0 to 1. */
  uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<HttpResult<{ url: string }>>;
  /** Saves an uploaded avatar; resolves to the URL the server kept (the given one if it says none). */
  setAvatar(url: string): Promise<HttpResult<{ avatar: string }>>;
  /** Clears the avatar: the initials show instead. */
  removeAvatar(): Promise<HttpResult<unknown>>;
  /** Binds an address; resolves to the binding as the server now has it (unverified). */
  bindEmail(email: string): Promise<HttpResult<BoundEmail>>;
  /** Changes the address (at once when it is not verified, else as a pending change), or sends
   * the verification email again for the address waiting for it; resolves to the binding as the
   * server now has it. */
  rebindEmail(email: string): Promise<HttpResult<BoundEmail>>;
  /** Unbinds the address, or with the address of a pending change, cancels that change. */
  unbindEmail(email: string): Promise<HttpResult<unknown>>;
  changePassword(body: ChangePasswordBody): Promise<HttpResult<{ signedOutSessions: number }>>;
  setLanguage(language: Locale): Promise<HttpResult<unknown>>;
}

export interface ProfileApiContext {
  http: HttpClient;
  t: Translate;
  /** Read at each upload, like the HTTP client reads its settings. */
  settings: () => PageSettings;
  signal?: AbortSignal;
}

// The upload code (XMLHttpRequest with progress) is needed only once a file is picked.
const upload = { preload: () => import('./upload') };
prefetch(upload);

/** The profile calls bound to one element's HTTP client. */
export function createProfileApi({ http, t, settings, signal }: ProfileApiContext): ProfileApi {
  const me = async (): Promise<HttpResult<Me>> => {
    const result = await http.get(ME_PATH, { params: { with_email_info: true } });
    return expectShape(result, meSchema, t, { method: 'GET', url: ME_PATH });
  };
  // The mail is sent whatever the body says. Without a readable `email` the binding is read again
  // (a verified address may have stayed, with the new one pending); failing that, it is the new
  // address, unverified.
  const sendActivation = async (path: string, email: string): Promise<HttpResult<BoundEmail>> => {
    const [error, value] = await http.post(path, { email });
    if (error) return [error, null];
    const parsed = v.safeParse(emailSchema, (value as { email?: unknown } | null)?.email);
    if (parsed.success) return [null, parsed.output];
    const [, user] = await me();
    return [null, user?.email ?? { address: email, verified: false }];
  };
  return {
    me,
    async uploadAvatar(file, onProgress) {
      let uploadFile: typeof UploadFileFn;
      try {
        ({ uploadFile } = await upload.preload());
      } catch {
        // Its chunk could not be fetched: the same as the upload failing on the network.
        const init = { kind: 'network', status: STATUS_NETWORK, code: 'network', messageKey: 'http.network' } as const;
        return [new HttpError({ ...init, message: t('http.network'), method: 'POST', url: AVATAR_UPLOAD_PATH }), null];
      }
      const result = await uploadFile(AVATAR_UPLOAD_PATH, 'file', file, {
        settings: settings(),
        t,
        onProgress,
        ...(signal ? { signal } : {}),
      });
      return expectShape(result, uploadedSchema, t, { method: 'POST', url: AVATAR_UPLOAD_PATH });
    },
    async setAvatar(url) {
      const [error, value] = await http.put(MY_AVATAR_PATH, { avatar: url });
      if (error) return [error, null];
      const kept = (value as { avatar?: unknown } | null)?.avatar;
      return [null, { avatar: typeof kept === 'string' && safeAvatarUrl(kept) ? kept : url }];
    },
    removeAvatar: () => http.put(MY_AVATAR_PATH, { avatar: null }),
    bindEmail: (email) => sendActivation(EMAIL_BIND_PATH, email),
    rebindEmail: (email) => sendActivation(EMAIL_REBIND_PATH, email),
    unbindEmail: (email) => http.post(EMAIL_UNBIND_PATH, { email }),
    async changePassword(body) {
      const headers = { user_agent: navigator.userAgent, 'umid-token': umid() };
      const [error, value] = await http.put(PASSWORD_PATH, body, { headers });
      if (error) return [error, null];
      // The password has changed whatever the body says: a missing count reads as 0, never as a failure.
      const count = (value as { signed_out_sessions?: unknown } | null)?.signed_out_sessions;
      return [null, { signedOutSessions: typeof count === 'number' && count >= 0 ? count : 0 }];
    },
    setLanguage: (language) => http.put(PREFERENCES_PATH, { language }),
  };
}
