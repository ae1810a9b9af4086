/**
 * The other-sign-in-methods row works out the account host's origin once per render, not once per
 * provider: a login page with every provider configured does no more of that work than one with a
 * single provider.
 */
import { expect } from '@open-wc/testing';
import { Alternatives } from '../../../src/features/login/Alternatives';
import type { Providers } from '../../../src/features/login/api';
import { mount } from '../fixtures/harness';

const HOST = 'https://account.example.com';

const ALL: Providers['providers'] = [
  { id: 'dingtalk', name: 'DingTalk', authorize_url: '/users/sso/dingtalk/authorize' },
  { id: 'lark', name: 'Lark', authorize_url: '/users/sso/lark/authorize' },
  { id: 'wechat-work', name: 'WeCom', authorize_url: '/users/sso/wechat-work/authorize' },
  { id: 'aliyun', name: 'Alibaba Cloud', authorize_url: '/users/sso/aliyun/authorize' },
];

/** Counts how often the account origin is worked out (`new URL(host, location.href)`) while `run` runs. */
async function countOriginLookups(run: () => Promise<void>): Promise<number> {
  const Original = window.URL;
  let count = 0;
  window.URL = class extends Original {
    constructor(url: string | URL, base?: string | URL) {
      super(url, base);
      if (url === HOST && base === location.href) count++;
    }
  };
  try {
    await run();
  } finally {
    window.URL = Original;
  }
  return count;
}

/** Renders the row with these providers and returns its provider buttons' names. */
async function renderRow(providers: Providers['providers']): Promise<string[]> {
  const m = await mount(
    <Alternatives
      providers={{ status: 'ready', value: { providers, ldap: { enabled: false, kinds: [] } } }}
      mode="password"
      onRetry={() => {}}
      onMode={() => {}}
      onProvider={() => {}}
    />,
    { host: HOST },
  );
  const names = [...m.root.querySelectorAll('[part~="provider-button"]')].map((b) => b.textContent ?? '');
  m.remove();
  return names;
}

describe('<yx-login> other sign-in methods: the account origin', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('offers every configured provider while working out the account origin no more often than for one', async () => {
    let one: string[] = [];
    let all: string[] = [];
    const forOne = await countOriginLookups(async () => {
      one = await renderRow(ALL.slice(0, 1));
    });
    const forAll = await countOriginLookups(async () => {
      all = await renderRow(ALL);
    });
    expect(one).to.deep.equal(['DingTalk']);
    expect(all).to.deep.equal(['DingTalk', 'Lark', 'Enterprise WeChat', 'Alibaba Cloud']);
    expect(forOne, 'the origin is worked out for the row').to.be.greaterThan(0);
    expect(forAll, 'four providers: no more lookups than one').to.equal(forOne);
  });

  it('without an account host, follows the providers’ paths on this page’s own origin', async () => {
    const followed: string[] = [];
    const m = await mount(
      <Alternatives
        providers={{
          status: 'ready',
          value: {
            providers: [
              ...ALL.slice(0, 2),
              { id: 'aliyun', name: 'Alibaba Cloud', authorize_url: 'https://evil.example/a' },
            ],
            ldap: { enabled: false, kinds: [] },
          },
        }}
        mode="password"
        onRetry={() => {}}
        onMode={() => {}}
        onProvider={(url) => followed.push(url)}
      />,
      { host: '' },
    );
    const buttons = [...m.root.querySelectorAll<HTMLButtonElement>('[part~="provider-button"]')];
    expect(buttons.map((b) => b.textContent)).to.deep.equal(['DingTalk', 'Lark']);
    for (const button of buttons) button.click();
    expect(followed).to.deep.equal(['/users/sso/dingtalk/authorize', '/users/sso/lark/authorize']);
    m.remove();
  });
});
