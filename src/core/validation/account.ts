/**
 * Sign-in and contact rules (§5): login form, email, verification code, mobile, language.
 * Part of the rules of §5 (./rules); pure, the server imports it under Node.
 */
import * as v from 'valibot';
import { filled, k } from './validate';

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
