/** The app entry's load failures: Retry only where trying again can help (an organization that
 * does not exist never will). */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-app-entry';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

const ORG = 'org_nope';
const apps: MockRoute = { method: 'GET', path: '/uiless/api/my/apps', body: { apps: [{ identity: 'projex' }] } };

async function mountEntry(routes: MockRoute[], locale = 'en_US') {
  const api = await mockApi(routes);
  const el = await mountElement('yx-app-entry', { host: api.host, locale, 'organization-id': ORG });
  const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]'), { message: 'the error' }))!;
  return { api, el, result };
}

describe('<yx-app-entry> load failures', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('offers no Retry when the organization does not exist, and says so', async () => {
    const { result } = await mountEntry([
      {
        method: 'GET',
        path: `/uiless/api/organizations/${ORG}`,
        status: 404,
        body: { code: 'organization_not_found', message: 'No such organization', requestId: 'req-1' },
      },
      apps,
    ]);
    expect(result.querySelector('[part="result-title"]')!.textContent).to.equal(
      'The organization’s apps could not be loaded',
    );
    expect(result.textContent).to.contain('No such organization');
    expect(result.querySelectorAll('button')).to.have.length(0);
  });

  it('says so in Chinese, with the interface’s word for an organization', async () => {
    const { result } = await mountEntry(
      [
        {
          method: 'GET',
          path: `/uiless/api/organizations/${ORG}`,
          status: 404,
          body: { code: 'organization_not_found', message: '企业不存在', requestId: 'req-1' },
        },
        apps,
      ],
      'zh_CN',
    );
    expect(result.querySelector('[part="result-title"]')!.textContent).to.equal('企业应用加载失败');
    expect(result.textContent).to.contain('企业不存在');
    expect(result.querySelectorAll('button')).to.have.length(0);
  });

  it('offers Retry when the failure may pass, and loads again with it', async () => {
    const { api, el, result } = await mountEntry([
      { method: 'GET', path: `/uiless/api/organizations/${ORG}`, status: 503, body: { code: 'unavailable' } },
      apps,
    ]);
    const retry = result.querySelector<HTMLButtonElement>('button')!;
    expect(retry.textContent).to.equal('Retry');
    await api.define([
      {
        method: 'GET',
        path: `/uiless/api/organizations/${ORG}`,
        body: { result: { _id: ORG, name: 'Acme', logo: '' } },
      },
      apps,
    ]);
    retry.click();
    await waitFor(() => $$(el, '[part~="app"]').length === 1, { message: 'the apps' });
  });
});
