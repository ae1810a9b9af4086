/**
 * Names that show nothing (§5, §7): a token name or an SSH key title made only of invisible
 * characters is refused by the form with the field's "required" message, as the server refuses it
 * (server/routes/tokens.ts `showsSomething`), before any request.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { sshKeySchema, tokenNameSchema, validate } from '../../../src/core/validation/rules';

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFF0fnVlfIbRoMObonQN/988Wg8kruxxww0zT8Aqo4st dev@example.com';

/** Each shows nothing: zero-width space / non-joiner / joiner, word joiner, BOM, soft hyphen,
 * left-to-right and right-to-left marks, a bidi isolate, the combining grapheme joiner, a
 * variation selector, Hangul fillers (U+3164, U+115F, halfwidth U+FFA0), the braille blank, a tag
 * space, and ordinary, no-break, ideographic and em spaces. */
const INVISIBLE = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u200E\u200F',
  '\u2066\u2069',
  '\u034F',
  '\uFE0F',
  '\u3164',
  '\u115F',
  '\uFFA0',
  '\u2800',
  '\u{E0020}',
  ' \u200B\u00A0\u3000\u2003\u2060 ',
];

const tokenNameIssue = (name: string) => {
  const result = validate(tokenNameSchema, name);
  return result.ok ? null : result.issues[0]!.messageKey;
};
const titleIssue = (title: string) => {
  const result = validate(sshKeySchema, { title, key: ED25519 });
  return result.ok ? null : (result.issues.find((i) => i.path === 'title')?.messageKey ?? null);
};

describe('names made only of invisible characters', () => {
  it('are no token name: the message of an empty one', () => {
    expect(tokenNameIssue('')).to.equal('validation.tokenName.required');
    for (const name of INVISIBLE) expect(tokenNameIssue(name), JSON.stringify(name)).to.equal(tokenNameIssue(''));
  });

  it('are no SSH key title: the message of an empty one', () => {
    expect(titleIssue('')).to.equal('validation.ssh.titleRequired');
    for (const title of INVISIBLE) expect(titleIssue(title), JSON.stringify(title)).to.equal(titleIssue(''));
  });

  it('still allow invisible characters inside a name that shows something', () => {
    // An emoji sequence holds a zero-width joiner and a variation selector; a bidi mark may wrap a word.
    for (const name of ['ci\u200Btoken', '👩\u200D💻', '❤\uFE0F', '\u200Fdeploy\u200F', '한\u3164글']) {
      expect(tokenNameIssue(name), JSON.stringify(name)).to.equal(null);
      expect(titleIssue(name), JSON.stringify(name)).to.equal(null);
    }
  });

  it('are refused whatever mix of them, and a visible character makes a name (property)', () => {
    const invisible = fc.constantFrom(...INVISIBLE.join('').split(/(?:)/u));
    fc.assert(
      fc.property(
        fc.array(invisible, { minLength: 1, maxLength: 20 }),
        fc.constantFrom('a', '名', '1', '-'),
        (parts, shown) => {
          const name = parts.join('');
          return (
            tokenNameIssue(name) === 'validation.tokenName.required' &&
            titleIssue(name) === 'validation.ssh.titleRequired' &&
            tokenNameIssue(name + shown) === null &&
            titleIssue(shown + name) === null
          );
        },
      ),
    );
  });
});

describe('an SSH key title with a control character', () => {
  for (const title of ['me\tlaptop', 'line\nbreak', 'bell\u0007', 'a\u2028b']) {
    it(`is refused with its own message: ${JSON.stringify(title)}`, () => {
      expect(titleIssue(title)).to.equal('validation.ssh.titleControl');
    });
  }
});
