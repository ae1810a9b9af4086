import { expect } from '@open-wc/testing';
import {
  LOCALE_COOKIE,
  catalogues,
  createTranslator,
  normalizeLocale,
  resolveLocale,
  setLocale,
} from '../../../src/core/i18n/index';
import type { MessageKey } from '../../../src/core/i18n/index';
import { zh_CN } from '../../../src/core/i18n/zh_CN';
import { en_US } from '../../../src/core/i18n/en_US';

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('message catalogues', () => {
  it('offer every message in both languages', () => {
    const zhKeys = Object.keys(zh_CN).sort();
    const enKeys = Object.keys(en_US).sort();
    expect(
      zhKeys.filter((k) => !enKeys.includes(k)),
      'keys missing in en_US',
    ).to.deep.equal([]);
    expect(
      enKeys.filter((k) => !zhKeys.includes(k)),
      'keys missing in zh_CN',
    ).to.deep.equal([]);
    expect(Object.keys(catalogues).sort()).to.deep.equal(['en_US', 'zh_CN']);
  });

  it('never show an empty message', () => {
    const empty = (catalogue: Record<string, string>) =>
      Object.entries(catalogue)
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
        .map(([key]) => key);
    expect(empty(zh_CN), 'empty in zh_CN').to.deep.equal([]);
    expect(empty(en_US), 'empty in en_US').to.deep.equal([]);
  });

  it('fill the same placeholders in both languages', () => {
    const mismatched = Object.keys(zh_CN).filter((key) => {
      const zh = placeholders(zh_CN[key as MessageKey]);
      const en = placeholders(en_US[key as MessageKey] ?? '');
      return zh.join(',') !== en.join(',');
    });
    expect(mismatched).to.deep.equal([]);
  });

  it('the placeholder check notices a message that drops a parameter', () => {
    expect(placeholders('Resend in {seconds} s')).to.deep.equal(['seconds']);
    expect(placeholders('重新获取')).to.deep.equal([]);
    expect(placeholders('{b} and {a}')).to.deep.equal(['a', 'b']);
  });

  describe('contain the texts the specification names (§2, §8)', () => {
    const texts = [
      'System exception, please try again',
      'Creation failed, please retry',
      'Modification failed, please retry',
      'Deletion failed, please retry',
      'The system is abnormal, please try again',
      'Created successfully',
      'Modified successfully',
      'Deleted successfully',
      'Oops! Something went wrong.',
      'The passwords do not match',
      'The format of the email address is invalid',
      'Enter a name',
      'Up to 200 characters supported',
      'Select an expiration time',
      'Personal Settings',
    ];
    for (const text of texts) {
      it(`shows "${text}" in English and has a Chinese version of it`, () => {
        const keys = (Object.keys(en_US) as MessageKey[]).filter((k) => en_US[k] === text);
        expect(keys, `no English message reads "${text}"`).to.not.be.empty;
        for (const key of keys) {
          expect(zh_CN[key], key).to.be.a('string').and.not.equal('');
          expect(zh_CN[key], key).to.not.equal(text);
        }
      });
    }
  });
});

describe('locale names', () => {
  const table: Array<[string | null | undefined, string | undefined]> = [
    ['zh', 'zh_CN'],
    ['zh-TW', 'zh_CN'],
    ['zh_CN', 'zh_CN'],
    ['zh-CN', 'zh_CN'],
    ['zh-Hant', 'zh_CN'],
    ['ZH-tw', 'zh_CN'],
    [' zh ', 'zh_CN'],
    ['en', 'en_US'],
    ['en_US', 'en_US'],
    ['en-GB', 'en_US'],
    ['fr', 'en_US'],
    ['zhx', 'en_US'],
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
    [undefined, undefined],
  ];
  for (const [input, expected] of table) {
    it(`reads ${JSON.stringify(input)} as ${expected ?? 'no choice'}`, () => {
      expect(normalizeLocale(input)).to.equal(expected);
    });
  }
});

describe('choosing the interface language', () => {
  it('follows the language the user chose earlier (the cookie) over every setting', () => {
    expect(resolveLocale({ cookie: `${LOCALE_COOKIE}=en_US`, initial: 'zh_CN', deploymentDefault: 'zh_CN' })).to.equal(
      'en_US',
    );
    expect(resolveLocale({ cookie: `a=1; ${LOCALE_COOKIE}=zh-TW; b=2`, initial: 'en_US' })).to.equal('zh_CN');
  });

  it('reads an encoded cookie value', () => {
    expect(resolveLocale({ cookie: `${LOCALE_COOKIE}=${encodeURIComponent('en US')}` })).to.equal('en_US');
  });

  it('uses the initial-language setting when no choice is stored', () => {
    expect(resolveLocale({ cookie: 'other=1', initial: 'en', deploymentDefault: 'zh_CN' })).to.equal('en_US');
    expect(resolveLocale({ cookie: `${LOCALE_COOKIE}=`, initial: 'zh', deploymentDefault: 'en_US' })).to.equal('zh_CN');
  });

  it('ignores a cookie with a similar name', () => {
    expect(resolveLocale({ cookie: `x${LOCALE_COOKIE}=en_US`, initial: 'zh_CN' })).to.equal('zh_CN');
  });

  it('falls back to the deployment default, and to Chinese when none is given', () => {
    expect(resolveLocale({ cookie: '', initial: '', deploymentDefault: 'en_US' })).to.equal('en_US');
    expect(resolveLocale({ cookie: '', initial: '  ' })).to.equal('zh_CN');
    expect(resolveLocale({ cookie: '' })).to.equal('zh_CN');
  });

  describe('given the page itself has the cookie', () => {
    afterEach(() => {
      document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
    });

    it('reads document.cookie by default', () => {
      document.cookie = `${LOCALE_COOKIE}=en_US; path=/`;
      expect(resolveLocale({ deploymentDefault: 'zh_CN' })).to.equal('en_US');
      document.cookie = `${LOCALE_COOKIE}=zh_CN; path=/`;
      expect(resolveLocale({ deploymentDefault: 'en_US' })).to.equal('zh_CN');
    });
  });
});

describe('switching the interface language', () => {
  it('remembers the choice for a year on the whole site and reloads so every element follows', () => {
    const written: string[] = [];
    let reloads = 0;
    const cookie = setLocale('en_US', { writeCookie: (c) => written.push(c), reloader: () => reloads++ });
    expect(written).to.deep.equal([cookie]);
    const parts = cookie.split(';').map((p) => p.trim());
    expect(parts[0]).to.equal('ak_user_locale=en_US');
    expect(parts).to.include('path=/');
    expect(parts).to.include(`max-age=${365 * 24 * 60 * 60}`);
    expect(parts).to.include('SameSite=Lax');
    expect(reloads).to.equal(1);
  });

  it('does not reload when told not to', () => {
    const written: string[] = [];
    let reloads = 0;
    setLocale('zh_CN', { reload: false, writeCookie: (c) => written.push(c), reloader: () => reloads++ });
    expect(written[0]!.startsWith('ak_user_locale=zh_CN;')).to.equal(true);
    expect(reloads).to.equal(0);
  });

  describe('given the real document cookie', () => {
    afterEach(() => {
      document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
    });

    it('is read back by the language rules', () => {
      setLocale('en_US', { reload: false });
      expect(resolveLocale({ initial: 'zh_CN' })).to.equal('en_US');
      setLocale('zh_CN', { reload: false });
      expect(resolveLocale({ initial: 'en_US' })).to.equal('zh_CN');
    });
  });
});

describe('translating a message', () => {
  it('shows the message in the chosen language', () => {
    expect(createTranslator('en_US')('success.created')).to.equal('Created successfully');
    expect(createTranslator('zh_CN')('success.created')).to.equal(zh_CN['success.created']);
  });

  it('fills named placeholders, numbers included', () => {
    const t = createTranslator('en_US');
    expect(t('error.systemWithRequestId', { requestId: 'req-1' })).to.equal(
      'System exception, please try again (request ID: req-1)',
    );
    expect(t('date.minutesAgo', { n: 5 })).to.equal('5 minutes ago');
    expect(createTranslator('zh_CN')('date.minutesAgo', { n: 5 })).to.equal('5 分钟前');
  });

  it('fills every occurrence and several placeholders', () => {
    const t = createTranslator('en_US');
    expect(t('error.chunkTimeout', { name: 'yx-settings', seconds: 120 })).to.equal(
      'Loading module “yx-settings” timed out after 120 seconds',
    );
  });

  it('keeps a placeholder visible when its parameter is missing, instead of showing "undefined"', () => {
    const t = createTranslator('en_US');
    expect(t('error.chunkTimeout', { name: 'yx-settings' })).to.equal(
      'Loading module “yx-settings” timed out after {seconds} seconds',
    );
    expect(t('date.minutesAgo')).to.equal('{n} minutes ago');
    expect(t('date.minutesAgo', {})).to.equal('{n} minutes ago');
  });

  it('leaves a placeholder named like a built-in alone when no such parameter is given', () => {
    const t = createTranslator('en_US');
    expect(t('{constructor} after {n}' as MessageKey, { n: 1 })).to.equal('{constructor} after 1');
    expect(t('{toString}' as MessageKey, {})).to.equal('{toString}');
  });

  it('shows the key itself for an unknown message, even one named like a built-in', () => {
    const t = createTranslator('en_US');
    expect(t('no.such.key' as MessageKey)).to.equal('no.such.key');
    expect(t('toString' as MessageKey)).to.equal('toString');
    expect(t('constructor' as MessageKey, { n: 1 })).to.equal('constructor');
  });

  it('does not re-expand a parameter value that looks like a placeholder', () => {
    const t = createTranslator('en_US');
    expect(t('error.chunkTimeout', { name: '{seconds}', seconds: 5 })).to.equal(
      'Loading module “{seconds}” timed out after 5 seconds',
    );
  });
});
