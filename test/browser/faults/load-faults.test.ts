/**
 * Every element that loads data, against a server that fails the way real ones do: a 500 with a
 * request id, a body that is not JSON, a connection dropped without an answer, an answer slower
 * than the client's timeout. Each shows its own message for the fault (not a blank panel or a
 * stuck spinner), offers Retry, and shows the data once the server is well again.
 */
import { sendKeys } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import '../../../elements/yx-token-manager';
import '../../../elements/yx-ssh-keys';
import '../../../elements/yx-package-credential';
import '../../../elements/yx-third-party-bindings';
import '../../../elements/yx-profile';
import '../../../elements/yx-message-centre';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { SEARCH, page as tokenPage, token } from '../features/tokens-fixtures';
import { KEYS_PATH, listRoute, sshKey } from '../features/ssh-keys-fixtures';
import { USER_INFO_PATH, userInfoRoute } from '../features/package-credential-fixtures';
import { IDENTITIES_PATH, aliceDingTalk, identitiesRoute, providersRoute } from '../features/third-party-fixtures';
import { ME, me } from '../features/profile-fixtures';
import {
  COUNT,
  LIST,
  counts,
  message,
  page as messagePage,
  useFakeEventSource,
} from '../features/notifications-fixtures';

interface Subject {
  tag: string;
  /** The call whose failure the test injects. */
  load: { method: string; path: string };
  /** A well server. */
  good: MockRoute[];
  /** Text that shows the data arrived. */
  ready: string;
}

const SUBJECTS: Subject[] = [
  {
    tag: 'yx-token-manager',
    load: { method: 'POST', path: SEARCH },
    good: [{ method: 'POST', path: SEARCH, body: tokenPage([token('t1', { name: 'ci-deploy' })]) }],
    ready: 'ci-deploy',
  },
  {
    tag: 'yx-ssh-keys',
    load: { method: 'GET', path: KEYS_PATH },
    good: [listRoute([sshKey(1, { title: 'work laptop' })])],
    ready: 'work laptop',
  },
  {
    tag: 'yx-package-credential',
    load: { method: 'GET', path: USER_INFO_PATH },
    good: [userInfoRoute('alice-pkg')],
    ready: 'alice-pkg',
  },
  {
    tag: 'yx-third-party-bindings',
    load: { method: 'GET', path: IDENTITIES_PATH },
    good: [providersRoute({ dingtalk: true }), identitiesRoute([aliceDingTalk])],
    ready: aliceDingTalk.name,
  },
  {
    tag: 'yx-profile',
    load: { method: 'GET', path: ME },
    good: [{ method: 'GET', path: ME, body: me({ name: 'Lin Wei' }) }],
    ready: 'Lin Wei',
  },
  {
    tag: 'yx-message-centre',
    load: { method: 'POST', path: LIST },
    good: [
      { method: 'POST', path: LIST, body: messagePage([message('m1', { title: 'Build 42 passed' })]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ],
    ready: 'Build 42 passed',
  },
];

interface Fault {
  name: string;
  route: Omit<MockRoute, 'method' | 'path'>;
  /** What the user is told. */
  says: RegExp;
}

const FAULTS: Fault[] = [
  {
    name: 'a 500 with a request id',
    route: { status: 500, body: { code: 'internal_error', message: 'System exception', requestId: 'req-fault-500' } },
    says: /req-fault-500/,
  },
  { name: 'a body that is not JSON', route: { raw: '{"broken": ' }, says: /could not be read/ },
  { name: 'a dropped connection', route: { drop: true }, says: /Could not reach the server/ },
  { name: 'an answer slower than the timeout', route: { delayMs: 6500, body: {} }, says: /timed out/ },
];

/** What the element shows: its text and the values of its fields. */
const shadowText = (el: Element) =>
  [el.shadowRoot?.textContent ?? '', ...[...(el.shadowRoot?.querySelectorAll('input') ?? [])].map((i) => i.value)].join(
    ' ',
  );

describe('elements meeting a failing server while loading', () => {
  let restoreEventSource: () => void;
  beforeEach(() => {
    restoreEventSource = useFakeEventSource();
  });
  afterEach(() => {
    restoreEventSource();
    document.body.innerHTML = '';
  });

  for (const subject of SUBJECTS) {
    describe(`<${subject.tag}>`, () => {
      for (const fault of FAULTS) {
        it(`says what went wrong on ${fault.name}, and shows the data after Retry`, async () => {
          // The fault answers every time until the server is well again (a browser may quietly
          // retry a request whose connection dropped, so a one-off fault would not be seen).
          const api = await mockApi([...subject.good, { ...subject.load, ...fault.route }]);
          const el = await mountElement(subject.tag, { host: api.host, locale: 'en_US' });
          const alert = (await waitFor(
            () => el.shadowRoot!.querySelector<HTMLElement>('[part="result"][data-status="error"]'),
            { timeout: 12_000, message: `${subject.tag}: the error panel` },
          ))!;
          expect(alert.getAttribute('role')).to.equal('alert');
          expect(alert.textContent).to.match(fault.says);
          expect(shadowText(el)).not.to.contain(subject.ready);
          const retry = [...alert.querySelectorAll('button')].find((b) => /Retry/.test(b.textContent ?? ''));
          expect(retry, 'a Retry button').to.exist;
          await api.define(subject.good);
          // By keyboard: the panel and its button go away, and focus must not fall to <body>.
          retry!.focus();
          await sendKeys({ press: 'Enter' });
          await waitFor(() => shadowText(el).includes(subject.ready), {
            timeout: 5000,
            message: `${subject.tag}: data after Retry`,
          });
          expect(el.shadowRoot!.querySelector('[part="result"][data-status="error"]')).to.equal(null);
          expect(el.shadowRoot!.activeElement !== null, `${subject.tag}: keyboard focus still inside`).to.equal(true);
        });
      }
    });
  }
});
