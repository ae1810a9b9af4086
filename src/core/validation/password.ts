/**
 * Password rules (§5): the schema, the live checklist and the change form.
 * Part of the rules of §5 (./rules); pure, the server imports it under Node.
 */
import * as v from 'valibot';
import { chars, k } from './validate';
import type { ValidationMessageKey } from './validate';

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
