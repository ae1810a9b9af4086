import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clearSignInChecks, useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays, tokenCount } from './helpers/tokens';
import { insertTokensBulk } from '../../server/repos/tokens';
import { MAX_TOKENS_PER_USER } from '../../server/tokens/service';

// These tests are about other things than the sign-in checks of the seeded users.
const server = useTestServer({}, (started) => clearSignInChecks(started, 'carol'));

/** A signed-in browser answering in English (the §4 cookie wins over the saved language). */
async function signedIn(username: string, password: string) {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return browser;
}

function newToken(overrides: Record<string, unknown> = {}) {
  return {
    name: 'deploy bot',
    description: 'pushes releases',
    expires_at: inDays(server, 30),
    token_scopes: ['codeup:repository:read', 'codeup:repository:write'],
    created_at: server.clock.now().toISOString(),
    ...overrides,
  };
}

describe('managing my tokens', () => {
  it('creates a token, lists it, edits it and deletes it', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const created = await demo.post('/users/ajax/v1/my/tokens', newToken());
    assert.equal(created.status, 201);
    assert.match(created.body.token, /^yxp_[0-9A-Za-z]{49}$/);
    assert.match(created.body.token_id, /^pat_[0-9a-f]{20}$/);

    const search = { include_expired: true, pagination: { current_page: 1, page_size: 20 } };
    const listed = await demo.post('/users/ajax/v1/my/tokens:search', search);
    const row = listed.body.access_tokens.find((t: { token_id: string }) => t.token_id === created.body.token_id);
    assert.deepEqual(
      { ...row, created_at: typeof row.created_at },
      {
        token_id: created.body.token_id,
        name: 'deploy bot',
        description: 'pushes releases',
        token_scopes: ['codeup:repository:read', 'codeup:repository:write'],
        created_at: 'string',
        expires_at: newToken().expires_at,
        last_used_at: null,
        expired: false,
      },
    );

    const edited = await demo.put(`/users/ajax/v1/my/tokens/${created.body.token_id}`, {
      name: 'release bot',
      expires_at: inDays(server, 60),
      token_scopes: ['codeup:repository:read'],
    });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.name, 'release bot');
    assert.deepEqual(edited.body.token_scopes, ['codeup:repository:read']);
    assert.equal(edited.body.description, 'pushes releases', 'an edit without a description keeps it');

    const removed = await demo.request('DELETE', `/users/ajax/v1/my/tokens/${created.body.token_id}`);
    assert.equal(removed.status, 200);
    const after = await demo.post('/users/ajax/v1/my/tokens:search', search);
    assert.equal(
      after.body.access_tokens.some((t: { token_id: string }) => t.token_id === created.body.token_id),
      false,
    );
  });

  it('stores a parent scope as all of its leaves, in tree order', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const created = await demo.post('/users/ajax/v1/my/tokens', newToken({ token_scopes: ['user', 'codeup:ssh-key'] }));
    assert.equal(created.status, 201);
    const edited = await demo.put(`/users/ajax/v1/my/tokens/${created.body.token_id}`, {
      name: 'keys',
      expires_at: inDays(server, 5),
      token_scopes: ['user:profile:read', 'codeup:ssh-key', 'codeup:ssh-key:read'],
    });
    assert.deepEqual(edited.body.token_scopes, ['codeup:ssh-key:read', 'codeup:ssh-key:write', 'user:profile:read']);
  });

  it('stores the name and description without the spaces around them, on create and on edit', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const created = await demo.post(
      '/users/ajax/v1/my/tokens',
      newToken({ name: '  padded  ', description: '\tpushes releases \n' }),
    );
    assert.equal(created.status, 201);
    const find = async () => {
      const listed = await demo.post('/users/ajax/v1/my/tokens:search', {});
      return listed.body.access_tokens.find((t: { token_id: string }) => t.token_id === created.body.token_id);
    };
    assert.deepEqual(
      { name: (await find()).name, description: (await find()).description },
      { name: 'padded', description: 'pushes releases' },
    );

    const edited = await demo.put(`/users/ajax/v1/my/tokens/${created.body.token_id}`, {
      name: ' renamed ',
      description: ' new words  ',
      expires_at: inDays(server, 30),
      token_scopes: ['codeup:repository:read'],
    });
    assert.equal(edited.status, 200);
    assert.deepEqual(
      { name: edited.body.name, description: edited.body.description },
      {
        name: 'renamed',
        description: 'new words',
      },
    );
    assert.equal((await find()).name, 'renamed');
  });

  it('counts the length of a name without the spaces around it', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const created = await demo.post('/users/ajax/v1/my/tokens', newToken({ name: ` ${'n'.repeat(200)} ` }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
  });

  it('refuses to edit an expired token and says to create a new one, but deletes it', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const created = await demo.post('/users/ajax/v1/my/tokens', newToken({ expires_at: inDays(server, 1) }));
    server.clock.advance(2 * 86_400_000);
    const edited = await demo.put(`/users/ajax/v1/my/tokens/${created.body.token_id}`, {
      name: 'extend me',
      expires_at: inDays(server, 30),
      token_scopes: ['codeup:repository:read'],
    });
    assert.equal(edited.status, 409);
    assert.equal(edited.body.code, 'token_expired');
    assert.match(edited.body.message, /Create a new one/);
    const removed = await demo.request('DELETE', `/users/ajax/v1/my/tokens/${created.body.token_id}`);
    assert.equal(removed.status, 200);
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['a missing name', { name: undefined }, 'name', /Enter a name/],
    ['a blank name', { name: '   ' }, 'name', /Enter a name/],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'name', /200/],
    ['a description over 200 characters', { description: 'd'.repeat(201) }, 'description', /200/],
    ['an empty description', { description: '' }, 'description', /at least 1/],
    ['a blank description', { description: '   ' }, 'description', /at least 1/],
    ['a missing expiry', { expires_at: undefined }, 'expires_at', /Select an expiration time/],
    ['an expiry in the past', { expires_at: '2001-01-01T00:00:00Z' }, 'expires_at', /past/],
    ['an expiry that is not a date', { expires_at: 'tomorrow' }, 'expires_at', /format/],
    ['no scopes', { token_scopes: [] }, 'token_scopes', /at least one/],
    ['missing scopes', { token_scopes: undefined }, 'token_scopes', /at least one/],
    ['an unknown scope', { token_scopes: ['codeup:repository:admin'] }, 'token_scopes', /Unknown permission/],
  ];
  for (const [what, change, field, message] of cases) {
    it(`refuses ${what} with a 400 naming ${field}, and writes nothing`, async () => {
      const demo = await signedIn('demo', 'Demo@2026');
      const before = await tokenCount(server);
      const answer = await demo.post('/users/ajax/v1/my/tokens', newToken(change));
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(answer.body.field, field);
      assert.match(answer.body.message, message);
      assert.equal(await tokenCount(server), before);
    });
  }

  it('applies the same rules to an edit, and changes nothing when refused', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const created = await demo.post('/users/ajax/v1/my/tokens', newToken());
    const path = `/users/ajax/v1/my/tokens/${created.body.token_id}`;
    const bad = await demo.put(path, { name: '', expires_at: inDays(server, 1), token_scopes: ['codeup'] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, 'name');
    const past = await demo.put(path, { name: 'x', expires_at: '2001-01-01', token_scopes: ['codeup'] });
    assert.equal(past.body.field, 'expires_at');
    const listed = await demo.post('/users/ajax/v1/my/tokens:search', {});
    const row = listed.body.access_tokens.find((t: { token_id: string }) => t.token_id === created.body.token_id);
    assert.equal(row.name, 'deploy bot');
  });

  it('refuses scopes of apps none of my organizations has installed', async () => {
    await addUser(server, 'erin', 'Erin@2026', [['Blue Harbor Design Studio', 'member']]);
    const erin = await signedIn('erin', 'Erin@2026');
    const permissions = await erin.get('/users/ajax/v1/tokens:permissions');
    assert.deepEqual(permissions.body.token_scopes, [
      'projex:work-item:read',
      'projex:work-item:write',
      'projex:sprint:read',
      'projex:sprint:write',
      'org:profile:read',
      'user:profile:read',
    ]);
    const before = await tokenCount(server);
    const refused = await erin.post('/users/ajax/v1/my/tokens', newToken({ token_scopes: ['projex', 'codeup'] }));
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'scope_not_allowed');
    assert.equal(refused.body.field, 'token_scopes');
    assert.equal(await tokenCount(server), before);
    const allowed = await erin.post('/users/ajax/v1/my/tokens', newToken({ token_scopes: ['projex', 'user'] }));
    assert.equal(allowed.status, 201);
  });

  it('stops at the token limit with token_quota_exceeded', async () => {
    const frankId = await addUser(server, 'frank', 'Frank@2026');
    const now = server.clock.now();
    await insertTokensBulk(
      server.database.db,
      Array.from({ length: MAX_TOKENS_PER_USER }, (_, i) => ({
        id: `pat_quota${i}`,
        user_id: frankId,
        name: `t${i}`,
        description: null,
        scopes: ['user:profile:read'],
        token_hash: `quota-${i}`,
        created_at: now,
        expires_at: new Date(now.getTime() + 86_400_000),
      })),
    );
    const frank = await signedIn('frank', 'Frank@2026');
    const before = await tokenCount(server);
    const refused = await frank.post('/users/ajax/v1/my/tokens', newToken({ token_scopes: ['user'] }));
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'token_quota_exceeded');
    assert.equal(await tokenCount(server), before);
  });
});

describe("another user's token", () => {
  it('is not found for every verb, and stays as it was', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const alice = await signedIn('alice', 'Alice@2026');
    const created = await demo.post('/users/ajax/v1/my/tokens', newToken({ name: 'demo only' }));
    const id = created.body.token_id;
    const edit = { name: 'stolen', expires_at: inDays(server, 3), token_scopes: ['codeup'] };
    for (const base of ['/users/ajax/v1/my/tokens', '/users/ajax/v1/tokens']) {
      const put = await alice.put(`${base}/${id}`, edit);
      assert.equal(put.status, 404);
      assert.equal(put.body.code, 'token_not_found');
      const del = await alice.request('DELETE', `${base}/${id}`);
      assert.equal(del.status, 404);
      assert.equal(del.body.code, 'token_not_found');
    }
    const mine = await alice.post('/users/ajax/v1/my/tokens:search', {});
    assert.equal(
      mine.body.access_tokens.some((t: { token_id: string }) => t.token_id === id),
      false,
    );
    const demos = await demo.post('/users/ajax/v1/my/tokens:search', {});
    const row = demos.body.access_tokens.find((t: { token_id: string }) => t.token_id === id);
    assert.equal(row.name, 'demo only');
  });
});

describe('the older token paths', () => {
  it('create, edit and delete with the same rules', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const created = await alice.post('/users/ajax/v1/tokens', newToken({ name: 'old client' }));
    assert.equal(created.status, 201);
    assert.match(created.body.token, /^yxp_/);
    const invalid = await alice.post('/users/ajax/v1/tokens', newToken({ name: '' }));
    assert.equal(invalid.body.field, 'name');
    const edited = await alice.put(`/users/ajax/v1/tokens/${created.body.token_id}`, {
      name: 'old client 2',
      expires_at: inDays(server, 9),
      token_scopes: ['flow:pipeline:read'],
    });
    assert.equal(edited.status, 200);
    assert.deepEqual(edited.body.token_scopes, ['flow:pipeline:read']);
    const removed = await alice.request('DELETE', `/users/ajax/v1/tokens/${created.body.token_id}`);
    assert.equal(removed.status, 200);
  });

  it('need the CSRF token like every cookie-authenticated change', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const before = await tokenCount(server);
    const answer = await alice.post('/users/ajax/v1/tokens', newToken(), { csrf: false });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'csrf_invalid');
    assert.equal(await tokenCount(server), before);
  });
});

describe('tokens:batch', () => {
  async function idOf(browser: Client): Promise<string> {
    return (await browser.get('/individual/proxy/me')).body.id;
  }

  it('lists my own tokens, and those of members of an organization I administer', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const carol = await signedIn('carol', 'Carol@2026');
    await carol.post('/users/ajax/v1/my/tokens', newToken({ name: 'carol ci' }));
    const own = await carol.post('/users/ajax/v1/tokens:batch', { user_id: await idOf(carol) });
    assert.equal(own.status, 200);
    assert.deepEqual(
      own.body.access_tokens.map((t: { name: string }) => t.name),
      ['carol ci'],
    );
    // demo administers Acme Engineering, where carol is a member.
    const asAdmin = await demo.post('/users/ajax/v1/tokens:batch', { user_id: await idOf(carol) });
    assert.equal(asAdmin.status, 200);
    assert.equal(asAdmin.body.access_tokens[0].name, 'carol ci');
    assert.equal('token' in asAdmin.body.access_tokens[0], false);
  });

  it("refuses anyone else's list, and unknown users alike", async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const carol = await signedIn('carol', 'Carol@2026');
    const asMember = await carol.post('/users/ajax/v1/tokens:batch', { user_id: await idOf(demo) });
    assert.equal(asMember.status, 403);
    const unknown = await demo.post('/users/ajax/v1/tokens:batch', { user_id: 'u_00000000000000000000' });
    assert.equal(unknown.status, 403);
    const missing = await demo.post('/users/ajax/v1/tokens:batch', {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.field, 'user_id');
  });
});
