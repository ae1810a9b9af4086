import { expect } from '@open-wc/testing';
import { matchRoute, parseHash } from '../../../demo/routes';

const match = (hash: string) => {
  const { path, query } = parseHash(hash);
  return matchRoute(path, query);
};

describe('the standalone page routes', () => {
  describe('given an app entry address', () => {
    it('passes the decoded organization id to the app entry', () => {
      expect(match('#/users/switch/org%20%E4%B8%80/app-entry')).to.deep.equal({
        tag: 'yx-app-entry',
        attrs: { 'organization-id': 'org 一' },
        auth: true,
      });
    });

    it('shows the not-found page for a broken percent-encoding instead of failing', () => {
      for (const id of ['%E0%A4%A', '%', '%zz', 'a%E4%B8']) {
        expect(match(`#/users/switch/${id}/app-entry`), id).to.deep.equal({
          tag: 'yx-error-page',
          attrs: { type: 'not-found' },
          auth: false,
        });
      }
    });
  });

  it('gives the message centre its view from the address, leaving out values it would refuse', () => {
    expect(match('#/users/notifications?tab=unread&app=codeup&nextUrl=%23%2Fusers')).to.deep.equal({
      tag: 'yx-message-centre',
      attrs: { tab: 'unread', app: 'codeup' },
      auth: true,
    });
    expect(match(`#/users/notifications?tab=read&app=${'a'.repeat(65)}`).attrs).to.deep.equal({});
    expect(match('#/users/notifications?app=two%20words').attrs).to.deep.equal({});
  });

  it('reads a broken percent-encoding in the query as text, never failing', () => {
    expect(match('#/users/login?nextUrl=%E0%A4%A&variant=lingma')).to.deep.equal({
      tag: 'yx-login',
      attrs: { variant: 'lingma' },
      auth: false,
    });
    expect(match('#/users/emails?token=%zz')).to.deep.equal({
      tag: 'yx-email-verify-result',
      attrs: { token: '%zz' },
      auth: false,
    });
    expect(match('#/login/errors?reason=%E0%A4%A').tag).to.equal('yx-error-page');
  });
});
