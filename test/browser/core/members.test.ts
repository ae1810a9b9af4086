import { expect } from '@open-wc/testing';
import { createHttpClient } from '../../../src/core/http';
import { lookupMembers, memberName } from '../../../src/core/members';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import { mockApi } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';

async function setup(routes: MockRoute[]) {
  const api = await mockApi(routes);
  const http = createHttpClient({ settings: () => ({ ...DEFAULT_SETTINGS, host: api.host, locale: 'en_US' }) });
  return { api, http };
}

const ALICE = { _userId: 'u1', name: 'Alice' };
const BOB = { _userId: 'u2', name: 'Bob' };

describe('showing member names', () => {
  describe('given the member service knows the users', () => {
    it('asks once for all ids, comma-joined, and gets their names', async () => {
      const { api, http } = await setup([{ path: '/api/members/list', body: [ALICE, BOB] }]);
      const [error, members] = await lookupMembers(http, ['u1', 'u2']);
      expect(error).to.equal(null);
      expect(members).to.deep.equal([ALICE, BOB]);
      const calls = await api.calls();
      expect(calls).to.have.length(1);
      expect(calls[0]!.method).to.equal('GET');
      expect(calls[0]!.path).to.equal('/api/members/list');
      expect(calls[0]!.query).to.deep.equal({ userIds: 'u1,u2' });
    });

    it('asks for each id only once and skips empty ids', async () => {
      const { api, http } = await setup([{ path: '/api/members/list', body: [ALICE, BOB] }]);
      await lookupMembers(http, ['u1', 'u2', 'u1', '', 'u2']);
      const calls = await api.calls();
      expect(calls[0]!.query.userIds).to.equal('u1,u2');
    });

    it('encodes ids so one cannot smuggle in another parameter', async () => {
      const { api, http } = await setup([{ path: '/api/members/list', body: [] }]);
      await lookupMembers(http, ['a&b=c', 'd e']);
      const calls = await api.calls();
      expect(calls[0]!.query).to.deep.equal({ userIds: 'a&b=c,d e' });
    });

    it('accepts the list under result or members too', async () => {
      const { http } = await setup([{ path: '/api/members/list', body: { result: [ALICE] } }]);
      expect((await lookupMembers(http, ['u1']))[1]).to.deep.equal([ALICE]);
      const other = await setup([{ path: '/api/members/list', body: { members: [BOB] } }]);
      expect((await lookupMembers(other.http, ['u2']))[1]).to.deep.equal([BOB]);
    });

    it('leaves out malformed entries instead of failing', async () => {
      const { http } = await setup([
        {
          path: '/api/members/list',
          body: [ALICE, null, 'u3', { _userId: 4, name: 'Four' }, { _userId: 'u5' }, { name: 'No id' }, BOB],
        },
      ]);
      const [error, members] = await lookupMembers(http, ['u1', 'u2', 'u3']);
      expect(error).to.equal(null);
      expect(members).to.deep.equal([ALICE, BOB]);
    });

    it('gives an empty list for an answer that is not a list', async () => {
      const { http } = await setup([{ path: '/api/members/list', body: { result: 'nope' } }]);
      expect(await lookupMembers(http, ['u1'])).to.deep.equal([null, []]);
    });
  });

  describe('given a private deployment', () => {
    it('uses the organization-scoped path', async () => {
      const { api, http } = await setup([{ path: '/api/organizations/:orgId/members/list', body: [ALICE] }]);
      const [error, members] = await lookupMembers(http, ['u1'], {
        privateDeployment: true,
        organizationId: 'org 7',
      });
      expect(error).to.equal(null);
      expect(members).to.deep.equal([ALICE]);
      const calls = await api.calls();
      expect(calls[0]!.path).to.equal('/api/organizations/org%207/members/list');
      expect(calls[0]!.query).to.deep.equal({ userIds: 'u1' });
    });

    it('uses the shared path when the organization is unknown', async () => {
      const { api, http } = await setup([{ path: '/api/members/list', body: [ALICE] }]);
      await lookupMembers(http, ['u1'], { privateDeployment: true });
      expect((await api.calls())[0]!.path).to.equal('/api/members/list');
    });
  });

  describe('given the member service refuses', () => {
    for (const status of [400, 401]) {
      it(`shows no names but no error either for ${status}`, async () => {
        const { http } = await setup([
          { path: '/api/members/list', status, body: { code: 'nope', message: 'Refused' } },
        ]);
        expect(await lookupMembers(http, ['u1'])).to.deep.equal([null, []]);
      });
    }

    it('reports a server failure as an error', async () => {
      const { http } = await setup([
        { path: '/api/members/list', status: 500, body: { code: 'boom', requestId: 'req-500' } },
      ]);
      const [error, members] = await lookupMembers(http, ['u1']);
      expect(members).to.equal(null);
      expect(error?.status).to.equal(500);
      expect(error?.message).to.equal('System exception, please try again (request ID: req-500)');
    });

    it('reports other client errors such as 403 as errors', async () => {
      const { http } = await setup([{ path: '/api/members/list', status: 403, body: { message: 'Forbidden' } }]);
      const [error] = await lookupMembers(http, ['u1']);
      expect(error?.status).to.equal(403);
    });
  });

  it('sends no request when there are no ids', async () => {
    const { api, http } = await setup([{ path: '/api/members/list', body: [ALICE] }]);
    expect(await lookupMembers(http, [])).to.deep.equal([null, []]);
    expect(await lookupMembers(http, ['', ''])).to.deep.equal([null, []]);
    expect(await api.calls()).to.deep.equal([]);
  });

  it("shows a member's name, or nothing for an unknown id", () => {
    expect(memberName([ALICE, BOB], 'u2')).to.equal('Bob');
    expect(memberName([ALICE, BOB], 'u9')).to.equal('');
    expect(memberName([], 'u1')).to.equal('');
  });
});
