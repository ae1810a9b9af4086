import { expect } from '@open-wc/testing';
import {
  DEFAULT_SETTINGS,
  configure,
  onConfigure,
  resetConfiguration,
  resolveSettings,
} from '../../../src/core/settings';
import type { PageSettings } from '../../../src/core/settings';

function warnSpy() {
  const messages: string[] = [];
  return { messages, warn: (m: string) => messages.push(m) };
}

describe('page settings', () => {
  beforeEach(() => {
    resetConfiguration();
    delete window.__YX_SETTINGS__;
  });
  afterEach(() => {
    resetConfiguration();
    delete window.__YX_SETTINGS__;
  });

  describe('given nothing was configured', () => {
    it('uses the defaults: same origin, aliyun, standard flavour, no language forced', () => {
      const { messages, warn } = warnSpy();
      const settings = resolveSettings({}, warn);
      expect(settings).to.deep.equal(DEFAULT_SETTINGS);
      expect(settings.env).to.equal('aliyun');
      expect(settings.flavour).to.equal('standard');
      expect(settings).to.not.have.property('locale');
      expect(messages).to.deep.equal([]);
    });
  });

  describe('given every source sets something', () => {
    it('lets attributes beat configure(), which beats the inlined page settings, which beat defaults', () => {
      window.__YX_SETTINGS__ = { host: 'https://window.test', organizationId: 'org-w', appId: 'app-w', env: 'vpc' };
      configure({ host: 'https://configured.test', organizationId: 'org-c' });
      const settings = resolveSettings({ host: 'https://attribute.test' }, warnSpy().warn);
      expect(settings.host).to.equal('https://attribute.test');
      expect(settings.organizationId).to.equal('org-c');
      expect(settings.appId).to.equal('app-w');
      expect(settings.env).to.equal('vpc');
      expect(settings.csrfToken).to.equal('');
    });

    it('merges later configure() calls into earlier ones', () => {
      configure({ host: 'https://a.test', appId: 'codeup' });
      configure({ appId: 'flow' });
      const settings = resolveSettings({}, warnSpy().warn);
      expect(settings.host).to.equal('https://a.test');
      expect(settings.appId).to.equal('flow');
    });

    it('ignores undefined and null values instead of wiping a lower source', () => {
      window.__YX_SETTINGS__ = { organizationId: 'org-w' };
      configure({ organizationId: undefined, appId: null as unknown as string });
      const settings = resolveSettings({ organizationId: undefined }, warnSpy().warn);
      expect(settings.organizationId).to.equal('org-w');
      expect(settings.appId).to.equal('');
    });
  });

  it('tells listeners about configure() calls until they unsubscribe', () => {
    let calls = 0;
    const off = onConfigure(() => calls++);
    configure({ appId: 'a' });
    off();
    configure({ appId: 'b' });
    expect(calls).to.equal(1);
  });

  it('trims trailing slashes off the host', () => {
    expect(resolveSettings({ host: 'https://devops.example.com/' }, warnSpy().warn).host).to.equal(
      'https://devops.example.com',
    );
    expect(resolveSettings({ host: 'https://devops.example.com/api///' }, warnSpy().warn).host).to.equal(
      'https://devops.example.com/api',
    );
    expect(resolveSettings({ host: '' }, warnSpy().warn).host).to.equal('');
  });

  it('accepts each known environment and flavour without a warning', () => {
    const { messages, warn } = warnSpy();
    for (const env of ['aliyun', 'vpc', 'dedicated'] as const) expect(resolveSettings({ env }, warn).env).to.equal(env);
    for (const flavour of ['standard', 'dedicated', 'dedicated-intl', 'global', 'cloud-provider'] as const) {
      expect(resolveSettings({ flavour }, warn).flavour).to.equal(flavour);
    }
    expect(messages).to.deep.equal([]);
  });

  describe('given a value nobody knows', () => {
    it('falls back to the page origin for a host that is not an absolute http(s) URL, and says what to write', () => {
      for (const host of ['devops.example.com', 'not a url', 'api/v1', 'ftp://devops.example.com']) {
        const { messages, warn } = warnSpy();
        expect(resolveSettings({ host }, warn).host, host).to.equal('');
        expect(messages, host).to.have.length(1);
        expect(messages[0]).to.contain(`"${host}"`).and.contain('https://');
      }
    });

    it('takes http and https hosts (with a port or a path, or scheme-relative) and root paths without a warning', () => {
      const { messages, warn } = warnSpy();
      for (const host of [
        'http://127.0.0.1:9',
        'HTTPS://Devops.Example.com',
        'https://devops.example.com/api',
        '//devops.example.com',
        '/api',
      ]) {
        expect(resolveSettings({ host }, warn).host).to.equal(host);
      }
      expect(messages).to.deep.equal([]);
    });

    it('falls back to aliyun for an unknown environment, and says how to fix it', () => {
      const { messages, warn } = warnSpy();
      expect(resolveSettings({ env: 'moon' as PageSettings['env'] }, warn).env).to.equal('aliyun');
      expect(messages).to.have.length(1);
      expect(messages[0]).to.contain('"moon"').and.contain('aliyun, vpc, dedicated');
    });

    it('falls back to standard for an unknown flavour, with a warning', () => {
      const { messages, warn } = warnSpy();
      expect(resolveSettings({ flavour: 'gold' as PageSettings['flavour'] }, warn).flavour).to.equal('standard');
      expect(messages).to.have.length(1);
      expect(messages[0]).to.contain('"gold"').and.contain('global');
    });

    it('reads a language tag such as "en" or "zh-TW" by the §4 rules, with a warning naming the exact value', () => {
      const { messages, warn } = warnSpy();
      expect(resolveSettings({ locale: 'en' as PageSettings['locale'] }, warn).locale).to.equal('en_US');
      expect(resolveSettings({ locale: 'en-US' as PageSettings['locale'] }, warn).locale).to.equal('en_US');
      expect(resolveSettings({ locale: 'zh-TW' as PageSettings['locale'] }, warn).locale).to.equal('zh_CN');
      expect(resolveSettings({ locale: 'fr' as PageSettings['locale'] }, warn).locale).to.equal('en_US');
      expect(messages).to.have.length(4);
      expect(messages[0]).to.contain('"en"').and.contain('zh_CN, en_US').and.contain('"en_US"');
    });

    it('takes the exact locales as they are, and no locale as none', () => {
      const { messages, warn } = warnSpy();
      expect(resolveSettings({ locale: 'en_US' }, warn).locale).to.equal('en_US');
      expect(resolveSettings({ locale: 'zh_CN' }, warn).locale).to.equal('zh_CN');
      expect(resolveSettings({ locale: '' as PageSettings['locale'] }, warn)).to.not.have.property('locale');
      expect(messages).to.deep.equal([]);
    });

    it('falls back from a bad inlined value too', () => {
      const { messages, warn } = warnSpy();
      window.__YX_SETTINGS__ = { env: 'nope' as PageSettings['env'] };
      expect(resolveSettings({}, warn).env).to.equal('aliyun');
      expect(messages).to.have.length(1);
    });
  });

  it('keeps an access token only when one is given', () => {
    expect(resolveSettings({ accessToken: 'pt-1' }, warnSpy().warn).accessToken).to.equal('pt-1');
    expect(resolveSettings({ accessToken: '' }, warnSpy().warn)).to.not.have.property('accessToken');
  });

  it('turns non-string ids into strings', () => {
    const settings = resolveSettings({ organizationId: 42 as unknown as string }, warnSpy().warn);
    expect(settings.organizationId).to.equal('42');
  });
});
