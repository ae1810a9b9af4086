import { expect } from '@open-wc/testing';
import type { MessageKey, Strings } from '../../../src/core/i18n/index';
import { ALL_PARTS, laterPartsOfTag, partOfKey, partsOfTag } from '../../../src/core/i18n/parts';
import type { Part } from '../../../src/core/i18n/parts';
import { loadZh } from '../../../src/core/i18n/load-zh_CN';
import { loadEn } from '../../../src/core/i18n/load-en_US';
import { zh_CN } from '../../../src/core/i18n/zh_CN';
import { en_US } from '../../../src/core/i18n/en_US';

async function partsOf(load: Record<Part, () => Promise<Strings>>): Promise<Map<Part, Strings>> {
  const parts = new Map<Part, Strings>();
  for (const part of ALL_PARTS) parts.set(part, await load[part]());
  return parts;
}

describe('message parts, loaded per element and language', () => {
  for (const [name, load, catalogue] of [
    ['Chinese', loadZh, zh_CN],
    ['English', loadEn, en_US],
  ] as const) {
    describe(`in ${name}`, () => {
      it('together hold every message exactly once, as the catalogue has it', async () => {
        const parts = await partsOf(load);
        const seen = new Map<string, Part>();
        const twice: string[] = [];
        for (const [part, strings] of parts) {
          for (const [key, text] of Object.entries(strings)) {
            if (seen.has(key)) twice.push(`${key} in ${seen.get(key)} and ${part}`);
            seen.set(key, part);
            expect(text, key).to.equal(catalogue[key as MessageKey]);
          }
        }
        expect(twice).to.deep.equal([]);
        expect([...seen.keys()].sort()).to.deep.equal(Object.keys(catalogue).sort());
      });

      it('put each message in the part its key names, so a missing one can be loaded by key', async () => {
        const parts = await partsOf(load);
        const misplaced = (Object.keys(catalogue) as MessageKey[]).filter(
          (key) => !Object.hasOwn(parts.get(partOfKey(key))!, key),
        );
        expect(misplaced).to.deep.equal([]);
      });
    });
  }

  it('give each element its own parts after the common ones, and an unknown element all of them', () => {
    expect(partsOfTag('yx-token-manager')).to.deep.equal(['common', 'tokens']);
    expect(partsOfTag('yx-login')).to.deep.equal(['common', 'login']);
    // The email form's strings are not part of the profile's first screen; the verification page
    // needs none of the profile's.
    expect(partsOfTag('yx-profile')).to.deep.equal(['common', 'profile']);
    expect(laterPartsOfTag('yx-profile')).to.include('email');
    expect(partsOfTag('yx-email-verify-result')).to.include('email').and.not.include('profile');
    expect(partOfKey('profile.emailForm.bindTitle')).to.equal('email');
    expect(partOfKey('profile.email.pendingHint')).to.equal('profile');
    expect(partOfKey('emailVerify.failed')).to.equal('email');
    // Nor the password card's: it is code loaded on demand, its strings with it.
    expect(laterPartsOfTag('yx-profile')).to.include('password');
    expect(partOfKey('profile.password.success')).to.equal('password');
    expect(partOfKey('profile.password.successNone')).to.equal('password');
    expect(partsOfTag('yx-some-host-wrapper')).to.deep.equal(ALL_PARTS);
  });
});
