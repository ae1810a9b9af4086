/**
 * Validation rules of §5, written once as valibot schemas and shared by the forms and the server.
 * Every message is an i18n KEY (`validation.*`), so each side translates it into its own locale.
 * Pure functions only: the server imports this file under Node.
 */
import * as v from 'valibot';
import type { MessageKey } from '../i18n/index';

/** The message keys the rules can report. */
export type ValidationMessageKey = Extract<MessageKey, `validation.${string}`>;

const k = (key: ValidationMessageKey): ValidationMessageKey => key;

const blank = (s: string) => s.trim().length === 0;
const filled = (message: ValidationMessageKey) => v.check((s: string) => !blank(s), message);
/** Length in user-visible code points, so an emoji counts once. */
const chars = (s: string) => [...s].length;

// ---------------------------------------------------------------- password

/** The symbols a password may contain (§5, the second, stricter reading). */
export const PASSWORD_SYMBOLS = '!@#$~%`^&*()_-=+,<.>/?;:\'"';
const SYMBOL = /[!@#$~%`^&*()_\-=+,<.>/?;:'"]/;
const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
const ALLOWED = /^[A-Za-z0-9!@#$~%`^&*()_\-=+,<.>/?;:'"]$/;
const HAN = /\p{Script=Han}/u;

const hasOtherChar = (pw: string) => [...pw].some((ch) => !ALLOWED.test(ch) && !HAN.test(ch));

/** Password: ≥ 8 characters with a letter, a digit and a symbol; only letters, digits and
 * {@link PASSWORD_SYMBOLS}. Chinese characters and any other character have their own messages. */
export const passwordSchema = v.pipe(
  v.string(k('validation.password.required')),
  v.nonEmpty(k('validation.password.required')),
  v.check((pw) => !HAN.test(pw), k('validation.password.chinese')),
  v.check((pw) => !hasOtherChar(pw), k('validation.password.invalidChar')),
  v.check((pw) => chars(pw) >= 8, k('validation.password.min')),
  v.check((pw) => LETTER.test(pw), k('validation.password.letter')),
  v.check((pw) => DIGIT.test(pw), k('validation.password.digit')),
  v.check((pw) => SYMBOL.test(pw), k('validation.password.symbol')),
);

/** One line of the live password checklist shown beside the field. */
export interface PasswordCheck {
  key: ValidationMessageKey;
  ok: boolean;
}

/** The live checklist: length, letter, digit, symbol, and no disallowed characters. */
export function passwordChecklist(pw: string): PasswordCheck[] {
  return [
    { key: 'validation.password.rule.length', ok: chars(pw) >= 8 },
    { key: 'validation.password.rule.letter', ok: LETTER.test(pw) },
    { key: 'validation.password.rule.digit', ok: DIGIT.test(pw) },
    { key: 'validation.password.rule.symbol', ok: SYMBOL.test(pw) },
    { key: 'validation.password.rule.chars', ok: pw.length > 0 && !HAN.test(pw) && !hasOtherChar(pw) },
  ];
}

/** Change or set a password: `newPassword` follows {@link passwordSchema}, `confirmPassword`
 * must match it, and when the (optional) `oldPassword` is given the new one must differ. */
export const passwordChangeSchema = v.pipe(
  v.object(
    {
      oldPassword: v.optional(v.string(k('validation.invalidType'))),
      newPassword: v.optional(passwordSchema, ''),
      confirmPassword: v.optional(
        v.pipe(
          v.string(k('validation.password.confirmRequired')),
          v.nonEmpty(k('validation.password.confirmRequired')),
        ),
        '',
      ),
    },
    k('validation.invalidType'),
  ),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      k('validation.password.mismatch'),
    ),
    ['confirmPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['oldPassword'], ['newPassword']],
      (input) => !input.oldPassword || input.oldPassword !== input.newPassword,
      k('validation.password.sameAsOld'),
    ),
    ['newPassword'],
  ),
);

// ---------------------------------------------------------------- contact details and codes

/** Email: required, a valid address, no control characters (header injection), ≤ 254 chars. */
export const emailSchema = v.pipe(
  v.string(k('validation.email.required')),
  v.nonEmpty(k('validation.email.required')),
  // eslint-disable-next-line no-control-regex
  v.check((s) => !/[\u0000-\u001f\u007f]/.test(s), k('validation.email.invalid')),
  v.maxLength(254, k('validation.email.tooLong')),
  v.email(k('validation.email.invalid')),
);

/** Verification code: exactly 6 ASCII digits. */
export const codeSchema = v.pipe(
  v.string(k('validation.code.required')),
  v.nonEmpty(k('validation.code.required')),
  v.regex(/^[0-9]{6}$/, k('validation.code.invalid')),
);

/** Mainland mobile number: 11 digits, starting with 1, second digit 3–9. */
export const mobileSchema = v.pipe(
  v.string(k('validation.mobile.required')),
  v.nonEmpty(k('validation.mobile.required')),
  v.regex(/^1[3-9][0-9]{9}$/, k('validation.mobile.invalid')),
);

/** Whether a `KeyboardEvent.key` may be typed into a numeric-only field (§5). */
export { isAllowedNumericKey } from './numeric';

// ---------------------------------------------------------------- personal access tokens

/** Token name: required, at most 200 characters (the token form's reading of §5). */
export const tokenNameSchema = v.pipe(
  v.string(k('validation.tokenName.required')),
  filled(k('validation.tokenName.required')),
  v.check((s) => chars(s) <= 200, k('validation.tokenName.max')),
);

/** Token description: optional; when present, 1 to 200 characters. Omit the field when empty. */
export const tokenDescriptionSchema = v.optional(
  v.pipe(
    v.string(k('validation.invalidType')),
    v.check((s) => chars(s) >= 1, k('validation.description.min')),
    v.check((s) => chars(s) <= 200, k('validation.description.max')),
  ),
);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function realDay(y: number, m: number, d: number): Date | null {
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** The last instant an expiry value covers: the end of a local day, or the ISO instant itself. */
function expiryLimit(value: string): number | null {
  const day = DAY.exec(value);
  if (day) {
    const date = realDay(Number(day[1]), Number(day[2]), Number(day[3]));
    return date ? new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime() - 1 : null;
  }
  const iso = ISO.exec(value);
  if (!iso || !realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

/** Expiry (`expires_at`): required, `YYYY-MM-DD` or ISO 8601, not in the past. A day counts
 * until its end in local time, so today is allowed.
 * @param now - the clock, injectable for tests. @default () => new Date() */
export function makeExpirySchema(now: () => Date = () => new Date()) {
  return v.pipe(
    v.string(k('validation.expiry.required')),
    filled(k('validation.expiry.required')),
    v.check((s) => blank(s) || expiryLimit(s) !== null, k('validation.expiry.format')),
    v.check((s) => {
      const limit = expiryLimit(s);
      return limit === null || limit >= now().getTime();
    }, k('validation.expiry.past')),
  );
}

/** {@link makeExpirySchema} on the real clock. */
export const expirySchema = makeExpirySchema();

/** Token scopes: a list of scope keys, at least one. */
export const tokenScopesSchema = v.pipe(
  v.array(
    v.pipe(v.string(k('validation.invalidType')), v.nonEmpty(k('validation.invalidType'))),
    k('validation.scopes.required'),
  ),
  v.minLength(1, k('validation.scopes.required')),
);

// ---------------------------------------------------------------- SSH keys

const KEY_TYPES = ['ssh-rsa', 'ssh-ed25519'] as const;
const PUBLIC_KEY = /^(ssh-rsa|ssh-ed25519) ([A-Za-z0-9+/]+={0,2})(?: [^\r\n]*)?$/;

/** The base64 blob of an OpenSSH key starts with its own type name; check it matches the prefix. */
function blobMatchesType(type: string, blob: string): boolean {
  try {
    // 40 base64 characters decode to 30 bytes: enough for the length prefix and either name.
    const bytes = atob(blob.length > 40 ? blob.slice(0, 40) : blob);
    const length =
      ((bytes.charCodeAt(0) << 24) | (bytes.charCodeAt(1) << 16) | (bytes.charCodeAt(2) << 8) | bytes.charCodeAt(3)) >>>
      0;
    return bytes.slice(4, 4 + length) === type;
  } catch {
    return false;
  }
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** One OpenSSH public key line (trimmed): `ssh-rsa` or `ssh-ed25519`, ≤ 8192 bytes, not a private key. */
export const sshPublicKeySchema = v.pipe(
  v.string(k('validation.ssh.keyRequired')),
  v.trim(),
  v.nonEmpty(k('validation.ssh.keyRequired')),
  v.check((s) => !/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(s), k('validation.ssh.privateKey')),
  v.check((s) => byteLength(s) <= 8192, k('validation.ssh.tooLong')),
  v.check((s) => KEY_TYPES.some((t) => s.startsWith(t + ' ')), k('validation.ssh.type')),
  v.check((s) => {
    const m = PUBLIC_KEY.exec(s);
    return Boolean(m && blobMatchesType(m[1]!, m[2]!));
  }, k('validation.ssh.format')),
);

/** SSH public key: a required title (≤ 255) and a one-line `ssh-rsa` / `ssh-ed25519` key of at most
 * 8192 bytes. A pasted private key gets its own message. The key is trimmed. */
export const sshKeySchema = v.object(
  {
    title: v.optional(
      v.pipe(
        v.string(k('validation.ssh.titleRequired')),
        v.trim(),
        v.nonEmpty(k('validation.ssh.titleRequired')),
        v.check((s) => chars(s) <= 255, k('validation.ssh.titleMax')),
      ),
      '',
    ),
    key: v.optional(sshPublicKeySchema, ''),
  },
  k('validation.invalidType'),
);

// ---------------------------------------------------------------- avatar, login, language

/** Largest avatar upload in bytes (1 MB). */
export const AVATAR_MAX_BYTES = 1_048_576;
const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** Avatar file facts (a `File` fits): JPG, JPEG, PNG or GIF, at most 1 MB. An empty MIME type
 * (some systems give none) is judged by the extension alone. */
export const avatarFileSchema = v.pipe(
  v.object({ name: v.string(), type: v.string(), size: v.number() }, k('validation.avatar.type')),
  v.check((f) => {
    const ext = /\.([^.]+)$/.exec(f.name)?.[1]?.toLowerCase() ?? '';
    return AVATAR_EXTENSIONS.includes(ext) && (f.type === '' || AVATAR_TYPES.includes(f.type.toLowerCase()));
  }, k('validation.avatar.type')),
  v.check((f) => f.size >= 0 && f.size <= AVATAR_MAX_BYTES, k('validation.avatar.size')),
);

/** Checks an avatar before upload; returns the message key of the first problem, or null. */
export function checkAvatarFile(file: { name: string; type: string; size: number }): ValidationMessageKey | null {
  const result = validate(avatarFileSchema, { name: file.name, type: file.type, size: file.size });
  return result.ok ? null : (result.issues[0]?.messageKey ?? k('validation.avatar.type'));
}

/** Login form: `username` (the account) and `password`, both required. */
export const loginSchema = v.object(
  {
    username: v.optional(
      v.pipe(v.string(k('validation.login.accountRequired')), filled(k('validation.login.accountRequired'))),
      '',
    ),
    password: v.optional(
      v.pipe(v.string(k('validation.login.passwordRequired')), v.nonEmpty(k('validation.login.passwordRequired'))),
      '',
    ),
  },
  k('validation.invalidType'),
);

/** Interface language preference. */
export const languageSchema = v.picklist(['zh_CN', 'en_US'], k('validation.language.invalid'));

// ---------------------------------------------------------------- helper

/** One problem found: where (dot path, '' for the value itself) and what (a message key). */
export interface ValidationIssue {
  path: string;
  messageKey: ValidationMessageKey;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/** Runs a schema and reports the first problem of each field, so a form shows one message per field.
 * @example validate(codeSchema, '12a456') // { ok: false, issues: [{ path: '', messageKey: 'validation.code.invalid' }] } */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown): ValidationResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.output };
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const messageKey = issue.message.startsWith('validation.')
      ? (issue.message as ValidationMessageKey)
      : k('validation.invalidType');
    issues.push({ path, messageKey });
  }
  return { ok: false, issues };
}
