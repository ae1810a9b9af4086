import { expect } from '@open-wc/testing';
import {
  CLOUD_PROVIDER_HOME,
  FLAVOUR_CONFIGS,
  SETTINGS_SECTIONS,
  flavourOf,
  isSectionVisible,
  logoutUrl,
  reloginTarget,
  visibleSections,
} from '../../../src/core/flavours';
import type { SectionKey } from '../../../src/core/flavours';
import { FLAVOURS } from '../../../src/core/settings';
import { en_US } from '../../../src/core/i18n/en_US';
import { zh_CN } from '../../../src/core/i18n/zh_CN';

const keys = (flavour: Parameters<typeof visibleSections>[0], apps: string[]) =>
  visibleSections(flavour, apps).map((s) => s.key);
const ALL_APPS = ['codeup', 'packages', 'projex'];

describe('deployment flavours', () => {
  it('are five, each with a system name in both languages and the brand colour', () => {
    expect([...FLAVOURS]).to.deep.equal(['standard', 'dedicated', 'dedicated-intl', 'global', 'cloud-provider']);
    for (const id of FLAVOURS) {
      const config = FLAVOUR_CONFIGS[id];
      expect(config.id).to.equal(id);
      expect(en_US[config.systemNameKey], id).to.be.a('string').and.not.equal('');
      expect(zh_CN[config.systemNameKey], id).to.be.a('string').and.not.equal('');
      expect(config.brandColor).to.equal('#006AD4');
    }
  });

  it('start in English for the global and international flavours, in Chinese elsewhere', () => {
    expect(flavourOf('global').defaultLocale).to.equal('en_US');
    expect(flavourOf('dedicated-intl').defaultLocale).to.equal('en_US');
    expect(flavourOf('standard').defaultLocale).to.equal('zh_CN');
    expect(flavourOf('dedicated').defaultLocale).to.equal('zh_CN');
    expect(flavourOf('cloud-provider').defaultLocale).to.equal('zh_CN');
  });

  it('treat an unknown or missing flavour as the standard one', () => {
    expect(flavourOf('nope').id).to.equal('standard');
    expect(flavourOf(undefined).id).to.equal('standard');
    expect(flavourOf('').id).to.equal('standard');
    expect(flavourOf('constructor').id).to.equal('standard');
  });

  it('proxy SSH key calls under /uiless/proxy, except the global flavour', () => {
    expect(flavourOf('standard').sshProxyPrefix).to.equal('/uiless/proxy');
    expect(flavourOf('global').sshProxyPrefix).to.equal('');
  });

  it('ask a RAM user without access to switch account on global and cloud-provider, to log on again elsewhere', () => {
    expect(flavourOf('global').ramUserActionKey).to.equal('action.switchAccount');
    expect(flavourOf('global').ramUserMessageKey).to.equal('error.ramUser.global');
    expect(flavourOf('cloud-provider').ramUserActionKey).to.equal('action.switchAccount');
    expect(flavourOf('standard').ramUserActionKey).to.equal('action.relogin');
    expect(flavourOf('dedicated').ramUserMessageKey).to.equal('error.ramUser.default');
  });
});

describe('the personal settings menu', () => {
  describe('given a user whose organization has every app', () => {
    it('lists the five sections on standard, dedicated and dedicated-intl', () => {
      const full = ['profile', 'personalAccessToken', 'ssh', 'packagesCredential', 'third-party'];
      expect(keys('standard', ALL_APPS)).to.deep.equal(full);
      expect(keys('dedicated', ALL_APPS)).to.deep.equal(full);
      expect(keys('dedicated-intl', ALL_APPS)).to.deep.equal(full);
    });

    it('lists only profile, access token and SSH on global', () => {
      expect(keys('global', ALL_APPS)).to.deep.equal(['profile', 'personalAccessToken', 'ssh']);
    });

    it('never lists identity-provider, which only has a label', () => {
      for (const flavour of FLAVOURS) expect(keys(flavour, ALL_APPS)).to.not.include('identity-provider');
      expect(en_US[SETTINGS_SECTIONS['identity-provider'].labelKey]).to.be.a('string').and.not.equal('');
    });
  });

  describe('given a user without the code-hosting app', () => {
    it('hides SSH keys, except on global', () => {
      expect(keys('standard', ['packages'])).to.deep.equal([
        'profile',
        'personalAccessToken',
        'packagesCredential',
        'third-party',
      ]);
      expect(keys('dedicated', [])).to.not.include('ssh');
      expect(keys('global', [])).to.deep.equal(['profile', 'personalAccessToken', 'ssh']);
    });

    it('shows SSH keys as soon as codeup is installed', () => {
      expect(keys('standard', ['codeup'])).to.include('ssh');
      expect(isSectionVisible('ssh', 'standard', ['codeup'])).to.equal(true);
      expect(isSectionVisible('ssh', 'standard', ['code'])).to.equal(false);
      expect(isSectionVisible('ssh', 'global', [])).to.equal(true);
    });
  });

  describe('given a user without the packages app', () => {
    it('hides package credentials', () => {
      expect(keys('standard', ['codeup'])).to.deep.equal(['profile', 'personalAccessToken', 'ssh', 'third-party']);
      expect(isSectionVisible('packagesCredential', 'standard', [])).to.equal(false);
      expect(isSectionVisible('packagesCredential', 'standard', ['packages'])).to.equal(true);
    });
  });

  it('always shows profile, access token and third-party binding', () => {
    const always: SectionKey[] = ['profile', 'personalAccessToken', 'third-party'];
    for (const key of always) expect(isSectionVisible(key, 'standard', []), key).to.equal(true);
    expect(keys('standard', [])).to.deep.equal(['profile', 'personalAccessToken', 'third-party']);
  });

  it('labels every section in both languages', () => {
    for (const section of Object.values(SETTINGS_SECTIONS)) {
      expect(en_US[section.labelKey], section.key).to.be.a('string').and.not.equal('');
      expect(zh_CN[section.labelKey], section.key).to.be.a('string').and.not.equal('');
    }
  });
});

describe('logging on again', () => {
  it('goes to the login route with the address to come back to', () => {
    expect(reloginTarget('standard', '#/users/settings/ssh')).to.equal(
      '#/users/login?nextUrl=%23%2Fusers%2Fsettings%2Fssh',
    );
    expect(reloginTarget('dedicated', 'https://h.test/a?b=1&c=2')).to.equal(
      '#/users/login?nextUrl=' + encodeURIComponent('https://h.test/a?b=1&c=2'),
    );
  });

  it('goes to the plain login route when there is nowhere to come back to', () => {
    expect(reloginTarget('standard')).to.equal('#/users/login');
    expect(reloginTarget('cloud-provider', '')).to.equal('#/users/login');
  });

  it("goes to the cloud provider's home page on global", () => {
    expect(reloginTarget('global', '#/users/settings')).to.equal(CLOUD_PROVIDER_HOME);
    expect(CLOUD_PROVIDER_HOME).to.match(/^https:\/\//);
  });
});

describe('logging out', () => {
  it('goes to the account host logout address with an encoded next_url', () => {
    const next = 'https://devops.example.com/users/settings?a=1&b=2#/x';
    expect(logoutUrl(next, 'https://account.example.com')).to.equal(
      `https://account.example.com/users/logout?next_url=${encodeURIComponent(next)}`,
    );
    const parsed = new URL(logoutUrl(next, 'https://account.example.com'));
    expect(parsed.searchParams.get('next_url')).to.equal(next);
    expect([...parsed.searchParams.keys()]).to.deep.equal(['next_url']);
  });

  it('tolerates a trailing slash on the host, and defaults to the same origin', () => {
    expect(logoutUrl('/a', 'https://account.example.com//')).to.equal(
      'https://account.example.com/users/logout?next_url=%2Fa',
    );
    expect(logoutUrl('/a')).to.equal('/users/logout?next_url=%2Fa');
  });
});
