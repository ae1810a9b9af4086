/**
 * Wording rules of the catalogues that a screen test would only catch one string at a time: how
 * Chinese quotes a name the user chose, which terms a section uses, and that two messages saying
 * the same thing say it the same way.
 */
import { expect } from '@open-wc/testing';
import type { MessageKey } from '../../../src/core/i18n/index';
import { zh_CN } from '../../../src/core/i18n/zh_CN';
import { en_US } from '../../../src/core/i18n/en_US';

const fill = (text: string, params: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

describe('Chinese messages that name something the user chose', () => {
  const NAME = '工作笔记本';
  const keys: readonly MessageKey[] = [
    'tokens.action.editNamed',
    'tokens.action.deleteNamed',
    'tokens.delete.title',
    'tokens.secret.title',
    'tokens.secret.label',
    'ssh.action.editNamed',
    'ssh.action.deleteNamed',
    'ssh.delete.title',
    'identities.action.unbindNamed',
    'identities.unbind.title',
    'profile.email.changeNamed',
    'profile.email.unbindNamed',
    'profile.email.cancelChangeNamed',
    'profile.emailForm.unbindTitle',
    'profile.emailForm.cancelChangeSuccess',
  ];
  for (const key of keys) {
    it(`${key} puts the name in “…” without spaces around it`, () => {
      const said = fill(zh_CN[key], { name: NAME, title: NAME, email: NAME, provider: '钉钉' });
      expect(said).to.contain(`“${NAME}”`);
      expect(said).not.to.match(/\s“|”\s/);
    });
  }
});

describe('English messages that name something the user chose', () => {
  const NAME = 'ci deploy';
  // The SSH keys' messages (ssh.*) are left to their own module's review.
  const keys: readonly MessageKey[] = [
    'tokens.action.editNamed',
    'tokens.action.deleteNamed',
    'tokens.delete.title',
    'tokens.secret.title',
    'tokens.secret.label',
    'identities.action.unbindNamed',
    'identities.unbind.title',
    'profile.email.changeNamed',
    'profile.email.unbindNamed',
    'profile.email.cancelChangeNamed',
    'profile.emailForm.unbindTitle',
    'profile.emailForm.cancelChangeSuccess',
    'orgs.filter.none',
    'orgs.switching',
    'notifications.action.markReadNamed',
  ];
  for (const key of keys) {
    it(`${key} puts the name in “…”, as the Chinese does`, () => {
      const said = fill(en_US[key], { name: NAME, title: NAME, email: NAME, query: NAME, provider: 'DingTalk' });
      expect(said).to.contain(`“${NAME}”`);
    });
  }

  it('spells "canceled" the American way', () => {
    const british = Object.keys(en_US).filter((k) => /cancelled/i.test(en_US[k as MessageKey]));
    expect(british).to.deep.equal([]);
  });
});

describe('the terms of a section', () => {
  it('calls the SSH key 公钥 in Chinese (密钥 only for the key pair)', () => {
    const sshKeys = Object.keys(zh_CN).filter((k) => k.startsWith('ssh.') || k.startsWith('validation.ssh.'));
    const loose = sshKeys.filter((k) => /密钥(?!对)/.test(zh_CN[k as MessageKey]));
    expect(loose).to.deep.equal([]);
  });

  it('calls identity providers 身份源 in Chinese, as the section heading does', () => {
    expect(zh_CN['page.settings.identityProvider']).to.contain('身份源');
    const other = Object.keys(zh_CN).filter((k) => /身份提供/.test(zh_CN[k as MessageKey]));
    expect(other).to.deep.equal([]);
  });
});

describe('messages that say the same thing', () => {
  it('give the SSH key size limit in the same words on the client and from the server', () => {
    expect(zh_CN['ssh.error.tooLong']).to.equal(zh_CN['validation.ssh.tooLong']);
    expect(en_US['ssh.error.tooLong']).to.equal(en_US['validation.ssh.tooLong']);
  });

  it('show a key or token never used as a dash (§9), with the same spoken label', () => {
    for (const catalogue of [zh_CN, en_US]) {
      expect(catalogue['tokens.lastUsed.never']).to.equal('—');
      expect(catalogue['ssh.lastUsed.never']).to.equal('—');
      expect(catalogue['tokens.lastUsed.neverLabel']).to.equal(catalogue['ssh.lastUsed.neverLabel']);
    }
  });
});
