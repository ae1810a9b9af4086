import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  PASSWORD_SYMBOLS,
  codeSchema,
  emailSchema,
  isAllowedNumericKey,
  mobileSchema,
  passwordChangeSchema,
  passwordChecklist,
  passwordSchema,
  tokenDescriptionSchema,
  tokenNameSchema,
  tokenScopesSchema,
  validate,
} from '../../../src/core/validation/rules';
import type { ValidationMessageKey } from '../../../src/core/validation/rules';
import type { GenericSchema } from 'valibot';

/** The first message for the value itself, or null when valid. */
function messageOf(schema: GenericSchema, value: unknown, path = ''): ValidationMessageKey | null {
  const result = validate(schema, value);
  if (result.ok) return null;
  return result.issues.find((i) => i.path === path)?.messageKey ?? null;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const pick = (chars: string) => fc.constantFrom(...chars.split(''));
const allowedChar = pick(LETTERS + DIGITS + PASSWORD_SYMBOLS);
/** Any password the rule allows: ≥ 8 allowed characters with a letter, a digit and a symbol. */
const validPassword = fc
  .tuple(
    pick(LETTERS),
    pick(DIGITS),
    pick(PASSWORD_SYMBOLS),
    fc.array(allowedChar, { minLength: 5, maxLength: 40 }),
    fc.nat(),
  )
  .map(([l, d, s, rest, at]) => {
    const chars = [...rest];
    for (const c of [l, d, s]) chars.splice(at % (chars.length + 1), 0, c);
    return chars.join('');
  });
const hanChar = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c));

describe('password rule', () => {
  it('accepts a password with letters, digits and a symbol', () => {
    expect(messageOf(passwordSchema, 'Abcdef1!')).to.equal(null);
    expect(messageOf(passwordSchema, `pa55'word"`)).to.equal(null);
  });

  it('explains what is missing in a weak password', () => {
    expect(messageOf(passwordSchema, '')).to.equal('validation.password.required');
    expect(messageOf(passwordSchema, 'Ab1!')).to.equal('validation.password.min');
    expect(messageOf(passwordSchema, '12345678!')).to.equal('validation.password.letter');
    expect(messageOf(passwordSchema, 'abcdefgh!')).to.equal('validation.password.digit');
    expect(messageOf(passwordSchema, 'abcdefgh1')).to.equal('validation.password.symbol');
  });

  it('rejects Chinese characters with their own message and other characters with another', () => {
    expect(messageOf(passwordSchema, 'Abcdef1!密码')).to.equal('validation.password.chinese');
    expect(messageOf(passwordSchema, 'Abcd ef1!')).to.equal('validation.password.invalidChar');
    expect(messageOf(passwordSchema, 'Abcdef1!é')).to.equal('validation.password.invalidChar');
    expect(messageOf(passwordSchema, 'Abcdef1!{}')).to.equal('validation.password.invalidChar');
  });

  it('accepts every password built from the allowed characters with all three kinds (property)', () => {
    fc.assert(fc.property(validPassword, (pw) => messageOf(passwordSchema, pw) === null));
  });

  it('rejects any string containing a Chinese character (property)', () => {
    fc.assert(
      fc.property(fc.string(), hanChar, fc.string(), (a, han, b) => {
        return messageOf(passwordSchema, a + han + b) === 'validation.password.chinese';
      }),
    );
  });

  it('rejects any password shorter than 8 characters (property)', () => {
    fc.assert(
      fc.property(fc.array(allowedChar, { maxLength: 7 }), (chars) => !validate(passwordSchema, chars.join('')).ok),
    );
  });

  it('rejects any password without a digit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(pick(LETTERS + PASSWORD_SYMBOLS), { minLength: 8 }),
        (chars) => !validate(passwordSchema, chars.join('')).ok,
      ),
    );
  });

  it('ticks the live checklist as the user types', () => {
    const state = (pw: string) => passwordChecklist(pw).map((c) => c.ok);
    expect(passwordChecklist('').map((c) => c.key)).to.deep.equal([
      'validation.password.rule.length',
      'validation.password.rule.letter',
      'validation.password.rule.digit',
      'validation.password.rule.symbol',
      'validation.password.rule.chars',
    ]);
    expect(state('')).to.deep.equal([false, false, false, false, false]);
    expect(state('abc')).to.deep.equal([false, true, false, false, true]);
    expect(state('abc12345')).to.deep.equal([true, true, true, false, true]);
    expect(state('abc12345#')).to.deep.equal([true, true, true, true, true]);
    expect(state('abc12345#中')).to.deep.equal([true, true, true, true, false]);
  });

  it('agrees with the rule: every checklist item ticked exactly when the password is valid (property)', () => {
    fc.assert(
      fc.property(fc.oneof(validPassword, fc.string({ maxLength: 20 })), (pw) => {
        return passwordChecklist(pw).every((c) => c.ok) === validate(passwordSchema, pw).ok;
      }),
    );
  });
});

describe('password change', () => {
  it('accepts a new password typed twice, with or without the current one', () => {
    expect(validate(passwordChangeSchema, { newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' }).ok).to.equal(true);
    expect(
      validate(passwordChangeSchema, { oldPassword: 'Old-pass1', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' })
        .ok,
    ).to.equal(true);
  });

  it('says "The passwords do not match" on the confirmation field', () => {
    const result = validate(passwordChangeSchema, { newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1?' });
    expect(result).to.deep.equal({
      ok: false,
      issues: [{ path: 'confirmPassword', messageKey: 'validation.password.mismatch' }],
    });
  });

  it('refuses a new password equal to the current one', () => {
    const result = validate(passwordChangeSchema, {
      oldPassword: 'Abcdef1!',
      newPassword: 'Abcdef1!',
      confirmPassword: 'Abcdef1!',
    });
    expect(result).to.deep.equal({
      ok: false,
      issues: [{ path: 'newPassword', messageKey: 'validation.password.sameAsOld' }],
    });
  });

  it('reports the weak new password and the empty confirmation separately', () => {
    const result = validate(passwordChangeSchema, { newPassword: 'short', confirmPassword: '' });
    expect(result.ok).to.equal(false);
    expect(result.ok ? [] : result.issues).to.deep.equal([
      { path: 'newPassword', messageKey: 'validation.password.min' },
      { path: 'confirmPassword', messageKey: 'validation.password.confirmRequired' },
    ]);
  });
});

describe('email rule', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['dev@example.com', 'first.last+tag@sub.example.cn', 'a_b-c@x-y.io']) {
      expect(messageOf(emailSchema, email), email).to.equal(null);
    }
  });

  it('says the format is invalid for broken addresses', () => {
    for (const email of ['plain', 'a@', '@b.com', 'a@b', 'a b@c.com', 'a@@b.com']) {
      expect(messageOf(emailSchema, email), email).to.equal('validation.email.invalid');
    }
    expect(messageOf(emailSchema, '')).to.equal('validation.email.required');
  });

  it('rejects any address with a line break or control character (property)', () => {
    const control = fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c));
    fc.assert(fc.property(control, (c) => messageOf(emailSchema, `a${c}b@example.com`) === 'validation.email.invalid'));
    expect(messageOf(emailSchema, 'dev@example.com\r\nBcc: x@y.com')).to.equal('validation.email.invalid');
  });

  it('rejects addresses longer than 254 characters', () => {
    const long = 'a'.repeat(64) + '@' + 'b'.repeat(185) + '.com';
    expect(long.length).to.equal(254);
    expect(messageOf(emailSchema, long)).to.equal(null);
    expect(messageOf(emailSchema, 'x' + long)).to.equal('validation.email.tooLong');
  });
});

describe('verification code rule', () => {
  it('accepts any 6-digit string (property)', () => {
    fc.assert(
      fc.property(
        fc.array(pick(DIGITS), { minLength: 6, maxLength: 6 }),
        (d) => messageOf(codeSchema, d.join('')) === null,
      ),
    );
  });

  it('rejects anything that is not exactly 6 digits (property)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^[0-9]{6}$/.test(s)),
        (s) => !validate(codeSchema, s).ok,
      ),
    );
    expect(messageOf(codeSchema, '12345')).to.equal('validation.code.invalid');
    expect(messageOf(codeSchema, '１２３４５６')).to.equal('validation.code.invalid');
    expect(messageOf(codeSchema, '')).to.equal('validation.code.required');
  });
});

describe('mobile number rule', () => {
  it('accepts 11 digits starting with 1 and a second digit from 3 to 9 (property)', () => {
    fc.assert(
      fc.property(pick('3456789'), fc.array(pick(DIGITS), { minLength: 9, maxLength: 9 }), (second, rest) => {
        return messageOf(mobileSchema, '1' + second + rest.join('')) === null;
      }),
    );
  });

  it('rejects other numbers', () => {
    for (const n of ['12345678901', '23812345678', '1381234567', '138123456789', '138-1234-567']) {
      expect(messageOf(mobileSchema, n), n).to.equal('validation.mobile.invalid');
    }
  });
});

describe('numeric fields', () => {
  const NAMED = ['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Tab'];

  it('let digits, the editing keys and the keys that move the caret through', () => {
    for (const key of [...DIGITS.split(''), ...NAMED]) {
      expect(isAllowedNumericKey(key), key).to.equal(true);
    }
  });

  it('let the keys that type nothing do what they do (reload, close, scroll)', () => {
    for (const key of ['F5', 'Escape', 'PageUp', 'PageDown', 'Enter', 'Unidentified', 'Dead']) {
      expect(isAllowedNumericKey(key), key).to.equal(true);
    }
  });

  it('block every key that types another character (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((k) => !/^[0-9]$/.test(k)),
        (key) => !isAllowedNumericKey(key),
      ),
    );
    for (const key of ['e', 'E', ' ', '+', '-', '.', '０', 'ａ', '中']) {
      expect(isAllowedNumericKey(key), key).to.equal(false);
    }
  });
});

describe('token name, description and scopes', () => {
  it('asks for a name and allows up to 200 characters', () => {
    expect(messageOf(tokenNameSchema, '')).to.equal('validation.tokenName.required');
    expect(messageOf(tokenNameSchema, '   ')).to.equal('validation.tokenName.required');
    expect(messageOf(tokenNameSchema, 'ci-deploy')).to.equal(null);
    expect(messageOf(tokenNameSchema, '名'.repeat(200))).to.equal(null);
    expect(messageOf(tokenNameSchema, 'n'.repeat(201))).to.equal('validation.tokenName.max');
  });

  it('accepts any non-blank name of at most 200 characters (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme-ascii' }).filter((s) => s.trim() !== ''),
        (s) => {
          return messageOf(tokenNameSchema, s) === null;
        },
      ),
    );
  });

  it('takes an optional description of 1 to 200 characters', () => {
    expect(messageOf(tokenDescriptionSchema, undefined)).to.equal(null);
    expect(messageOf(tokenDescriptionSchema, 'for the nightly build')).to.equal(null);
    expect(messageOf(tokenDescriptionSchema, '')).to.equal('validation.description.min');
    expect(messageOf(tokenDescriptionSchema, 'd'.repeat(200))).to.equal(null);
    expect(messageOf(tokenDescriptionSchema, 'd'.repeat(201))).to.equal('validation.description.max');
  });

  it('needs at least one scope', () => {
    expect(messageOf(tokenScopesSchema, [])).to.equal('validation.scopes.required');
    expect(messageOf(tokenScopesSchema, undefined)).to.equal('validation.scopes.required');
    expect(messageOf(tokenScopesSchema, ['codeup:read'])).to.equal(null);
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { minLength: 1 }),
        (scopes) => validate(tokenScopesSchema, scopes).ok,
      ),
    );
  });
});

describe('the validate helper', () => {
  it('returns the parsed value when valid', () => {
    expect(validate(codeSchema, '123456')).to.deep.equal({ ok: true, value: '123456' });
  });

  it('gives a message key, never raw library text, for a value of the wrong type', () => {
    const result = validate(passwordChangeSchema, 42);
    expect(result).to.deep.equal({ ok: false, issues: [{ path: '', messageKey: 'validation.invalidType' }] });
  });
});
