import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { APPS } from '../../src/core/catalogue';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

const server = useTestServer({}, setUp);
let demo: Client;
let alice: Client;
const orgs: Record<'acme' | 'studio' | 'lab' | 'restricted', string> = {
  acme: '',
  studio: '',
  lab: '',
  restricted: '',
};

/** The seeded organizations' ids, and demo and alice signed in. */
async function setUp() {
  const names = {
    acme: 'Acme Engineering',
    studio: 'Blue Harbor Design Studio',
    lab: 'Open Source Lab',
    restricted: 'Harbor Secure Network',
  };
  for (const [key, name] of Object.entries(names) as Array<[keyof typeof orgs, string]>) {
    const row = await server.database.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    orgs[key] = row.id;
  }
  demo = new Client(server.url);
  assert.equal((await demo.login('demo', 'Demo@2026')).status, 200);
  alice = new Client(server.url);
  assert.equal((await alice.login('alice', 'Alice@2026')).status, 200);
}

describe('catalogue entries', () => {
  it('describes an app by id or VPC id, with vpcId only when it has one', async () => {
    const codeup = await demo.get('/uiless/apps/codeup');
    assert.deepEqual(codeup.body, {
      result: {
        id: 'codeup',
        name: 'Codeup',
        nameCN: '代码管理',
        vpcId: 'codeup-vpc',
        logoUrlCDN: '/users/static/apps/codeup.png',
      },
    });
    assert.deepEqual((await demo.get('/uiless/apps/codeup-vpc')).body, codeup.body);
    const workbench = await demo.get('/uiless/apps/workbench');
    assert.deepEqual(Object.keys(workbench.body.result), ['id', 'name', 'nameCN', 'logoUrlCDN']);
  });

  it('answers 404 for an unknown app and 401 to a visitor', async () => {
    const unknown = await alice.get('/uiless/apps/nope');
    assert.deepEqual(
      [unknown.status, unknown.body.code, unknown.body.message],
      [404, 'app_not_found', 'No such application'],
    );
    assert.equal((await new Client(server.url).get('/uiless/apps/codeup')).status, 401);
  });
});

describe('searching apps', () => {
  it('lists the whole catalogue in catalogue order without filters', async () => {
    const answer = await demo.post('/uiless/api/apps:search', {});
    assert.equal(answer.status, 200);
    assert.deepEqual(
      answer.body.result.map((a: any) => a.id),
      APPS.map((a) => a.id),
    );
  });

  it('matches a keyword in the id or either name, case-insensitively and literally', async () => {
    const ids = async (keyword: string) =>
      (await demo.post('/uiless/api/apps:search', { keyword })).body.result.map((a: any) => a.id);
    assert.deepEqual(await ids('CODE'), ['codeup']);
    assert.deepEqual(await ids('管理'), ['testhub', 'codeup', 'org-member', 'org-admin']);
    assert.deepEqual(await ids('%'), [], 'a wildcard character is just a character');
  });

  it('keeps to the apps an organization installed when one is named', async () => {
    const lab = await demo.post('/uiless/api/apps:search', { organization_id: orgs.lab });
    assert.deepEqual(
      lab.body.result.map((a: any) => a.id),
      ['workbench', 'codeup', 'flow'],
    );
    const both = await demo.post('/uiless/api/apps:search', { organization_id: orgs.lab, keyword: 'flo' });
    assert.deepEqual(
      both.body.result.map((a: any) => a.id),
      ['flow'],
    );
    const outside = await alice.post('/uiless/api/apps:search', { organization_id: orgs.lab });
    assert.deepEqual([outside.status, outside.body.code], [403, 'not_member']);
    const long = await demo.post('/uiless/api/apps:search', { keyword: 'x'.repeat(101) });
    assert.deepEqual([long.status, long.body.field], [400, 'keyword']);
  });
});

describe('an organization’s app record', () => {
  it('gives the raw_url of an installed app, and that address answers with a page', async () => {
    const answer = await demo.get(`/uiless/api/organizations/${orgs.acme}/apps/codeup`);
    assert.deepEqual(answer.body, { result: { identity: 'codeup', app: { raw_url: '/codeup/' } } });
    const page = await new Client(server.url).get(answer.body.result.app.raw_url, {
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.text, /<title>Codeup — demo<\/title>/);
    const zh = await demo.get('/workbench');
    assert.match(zh.text, /工作台 — demo/, 'in the signed-in user’s language');
  });

  it('answers 404 for an app the organization has not installed, 403 to outsiders', async () => {
    const missing = await demo.get(`/uiless/api/organizations/${orgs.studio}/apps/codeup`);
    assert.deepEqual([missing.status, missing.body.code], [404, 'app_not_installed']);
    assert.equal(missing.body.message, '该企业未安装此应用');
    const outside = await alice.get(`/uiless/api/organizations/${orgs.lab}/apps/codeup`);
    assert.deepEqual([outside.status, outside.body.code], [403, 'not_member']);
  });
});

describe('permissions on an app', () => {
  const permissions = (client: Client, orgId: string, appId: string) =>
    client.get(`/uiless/api/organizations/${orgId}/apps/${appId}/permissions`);

  it('gives an administrator everything', async () => {
    const answer = await permissions(demo, orgs.acme, 'org-admin');
    assert.deepEqual(answer.body, { result: { read: true, write: true, admin: true } });
  });

  it('gives a member read and write in ordinary apps, less in the admin apps', async () => {
    assert.deepEqual((await permissions(alice, orgs.acme, 'codeup')).body.result, {
      read: true,
      write: true,
      admin: false,
    });
    assert.deepEqual((await permissions(alice, orgs.acme, 'org-member')).body.result, {
      read: true,
      write: false,
      admin: false,
    });
    assert.deepEqual((await permissions(alice, orgs.acme, 'org-admin')).body.result, {
      read: false,
      write: false,
      admin: false,
    });
  });

  it('answers 404 for an app that is not installed', async () => {
    assert.equal((await permissions(demo, orgs.studio, 'codeup')).status, 404);
  });
});

describe('the user-apps fetch', () => {
  it('lists the apps of the current organization by default', async () => {
    const answer = await demo.get('/uiless/api/my/apps');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.apps.slice(0, 4), [
      { identity: 'workbench' },
      { identity: 'projex' },
      { identity: 'testhub' },
      { identity: 'alidocs' },
    ]);
    assert.equal(answer.body.apps.length, 12);
  });

  it('lists the apps of a named organization, to its members only', async () => {
    const lab = await demo.get(`/uiless/api/my/apps?organization_id=${orgs.lab}`);
    assert.deepEqual(lab.body, { apps: [{ identity: 'workbench' }, { identity: 'codeup' }, { identity: 'flow' }] });
    const outside = await alice.get(`/uiless/api/my/apps?organization_id=${orgs.lab}`);
    assert.deepEqual([outside.status, outside.body.code], [403, 'not_member']);
  });
});

describe('the access check of the errors page', () => {
  const access = (client: Client, orgId: string, appId: string) =>
    client.get(`/uiless/api/organizations/${orgId}/apps/${appId}/access`);

  it('passes for an installed app the member may open', async () => {
    assert.deepEqual((await access(demo, orgs.acme, 'workbench')).body, { pass: true });
  });

  it('fails for an app not installed, unknown, or closed to the member', async () => {
    assert.deepEqual((await access(demo, orgs.studio, 'codeup')).body, { pass: false });
    assert.deepEqual((await access(demo, orgs.acme, 'nope')).body, { pass: false });
    assert.deepEqual((await access(alice, orgs.acme, 'org-admin')).body, { pass: false });
  });

  it('answers with the broken rule’s code instead', async () => {
    const outside = await access(alice, orgs.lab, 'workbench');
    assert.deepEqual([outside.status, outside.body.code], [403, 'not_member']);
    const restricted = await access(demo, orgs.restricted, 'workbench');
    assert.deepEqual([restricted.status, restricted.body.code], [403, 'ip_restricted']);
  });
});

describe('help links', () => {
  it('gives the link of a known help topic, and the link leads to a page', async () => {
    const answer = await demo.get('/uiless/api/helpLink/access-token');
    assert.deepEqual(answer.body, { link: '/docs/#access-token' });
    assert.equal((await demo.get(new URL(answer.body.link, server.url).pathname)).status, 200);
  });

  it('answers 404 for an unknown topic', async () => {
    for (const id of ['nope', 'constructor']) {
      const answer = await alice.get(`/uiless/api/helpLink/${id}`);
      assert.deepEqual([answer.status, answer.body.code, answer.body.message], [404, 'not_found', 'No such help link']);
    }
  });
});
