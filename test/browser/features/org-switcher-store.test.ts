import { expect } from '@open-wc/testing';
import { createHttpClient } from '../../../src/core/http';
import { createTranslator } from '../../../src/core/i18n/index';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import { createOrgSwitcherApi } from '../../../src/features/org-switcher/api';
import {
  createOrgSwitcherActions,
  createOrgSwitcherStore,
  currentOrganization,
} from '../../../src/features/org-switcher/store';
import { mockApi } from '../fixtures/harness';
import { lists, org, orgRange, page, pageRoutes } from './org-switcher-fixtures';

/** The switcher's store and actions on a real HTTP client against the fake API. */
async function storeFor(routes: Parameters<typeof mockApi>[0], userId?: string) {
  const api = await mockApi(routes);
  const http = createHttpClient({ settings: () => ({ ...DEFAULT_SETTINGS, host: api.host }) });
  const orgApi = createOrgSwitcherApi(http, createTranslator('en_US'));
  const store = createOrgSwitcherStore();
  const actions = createOrgSwitcherActions(
    store,
    () => orgApi,
    () => userId,
  );
  return { api, store, actions };
}

const tokens = (calls: Awaited<ReturnType<Awaited<ReturnType<typeof mockApi>>['calls']>>) =>
  lists(calls).map((c) => (c.body as { pagination: { next_token: string } }).pagination.next_token);

describe('organization switcher store (§4: load replaces, add appends)', () => {
  it("'load' fetches the first page of 50 and 'add' appends the next", async () => {
    const { api, store, actions } = await storeFor(
      pageRoutes(
        page(
          orgRange(1, 50, (i) => ({ current: i === 7 })),
          'tok-2',
        ),
        page(orgRange(51, 80)),
      ),
    );
    await actions.load();
    expect(store.get().status).to.equal('ready');
    expect(store.get().organizations).to.have.length(50);
    expect(store.get().pagination).to.deep.equal({ nextToken: 'tok-2', pageSize: 50 });
    expect(currentOrganization(store.get())!.id).to.equal('org-7');

    await actions.add();
    expect(
      store
        .get()
        .organizations.map((o) => o.id)
        .slice(48, 52),
    ).to.deep.equal(['org-49', 'org-50', 'org-51', 'org-52']);
    expect(store.get().organizations).to.have.length(80);
    expect(store.get().pagination.nextToken, 'the last page').to.equal(undefined);
    expect(store.get().adding).to.equal('idle');

    await actions.add();
    expect(tokens(await api.calls()), 'nothing after the last page').to.deep.equal(['', 'tok-2']);
  });

  it("'load' replaces whatever was added with the first page", async () => {
    const { api, store, actions } = await storeFor(
      pageRoutes(page(orgRange(1, 50), 'tok-2'), page(orgRange(51, 100), 'tok-3')),
    );
    await actions.load();
    await actions.add();
    expect(store.get().organizations).to.have.length(100);
    await api.define(pageRoutes(page([org(900, { name: 'Fresh' })], 'tok-x')));
    await actions.load();
    expect(store.get().organizations.map((o) => o.id)).to.deep.equal(['org-900']);
    expect(store.get().pagination.nextToken).to.equal('tok-x');
    expect(tokens(await api.calls())).to.deep.equal(['']);
  });

  it('asks for one next page at a time, sends user_id when given, and drops repeats', async () => {
    const { api, store, actions } = await storeFor(
      pageRoutes(page(orgRange(1, 50), 'tok-2'), page([org(50), ...orgRange(51, 55)])),
      'user-42',
    );
    await actions.load();
    await Promise.all([actions.add(), actions.add()]);
    const calls = lists(await api.calls());
    expect(calls).to.have.length(2);
    expect(calls[1]!.body).to.deep.equal({ user_id: 'user-42', pagination: { next_token: 'tok-2', page_size: 50 } });
    expect(
      store
        .get()
        .organizations.map((o) => o.id)
        .filter((id) => id === 'org-50'),
    ).to.have.length(1);
    expect(store.get().organizations).to.have.length(55);
  });

  it('keeps the list when a next page fails', async () => {
    const { store, actions } = await storeFor(pageRoutes(page(orgRange(1, 50), 'tok-2')));
    await actions.load();
    await actions.add();
    expect(store.get().adding).to.equal('error');
    expect(store.get().addError!.status).to.equal(404);
    expect(store.get().organizations).to.have.length(50);
    expect(store.get().pagination.nextToken).to.equal('tok-2');
  });

  it('turns a malformed page into an error, keeping the defaults', async () => {
    const { store, actions } = await storeFor([
      { method: 'POST', path: '/individual/proxy/my/organizations', body: { organizations: [{ name: 'x' }] } },
    ]);
    await actions.load();
    expect(store.get().status).to.equal('error');
    expect(store.get().error!.kind).to.equal('malformed');
    expect(store.get().organizations).to.deep.equal([]);
  });
});
