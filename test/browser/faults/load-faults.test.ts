/**
 * Every element that loads data, against a server that fails the way real ones do: a 500 with a
 * request id, a body that is not JSON, a connection dropped without an answer, an answer slower
 * than the client's timeout. Each shows its own message for the fault (not a blank panel or a
 * stuck spinner), offers Retry, and shows the data once the server is well again.
 *
 * Two elements recover their own way and have their own describe: the settings shell, whose Retry
 * reloads the page (§2), and the unread badge, a bare link that has no error state by design.
 */
import { sendKeys } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import '../../../elements/yx-token-manager';
import '../../../elements/yx-ssh-keys';
import '../../../elements/yx-package-credential';
import '../../../elements/yx-third-party-bindings';
import '../../../elements/yx-profile';
import '../../../elements/yx-message-centre';
import '../../../elements/yx-org-switcher';
import '../../../elements/yx-app-entry';
import '../../../elements/yx-email-verify-result';
import '../../../elements/yx-settings';
import '../../../elements/yx-unread-badge';
import { addHttpErrorListener } from '../../../src/core/http';
import type { HttpError } from '../../../src/core/http';
import { setSettingsReloader } from '../../../src/features/settings/SettingsShell';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { serverFaults } from './server-faults';
import type { MockRoute } from '../fixtures/harness';
import type { Fault } from './server-faults';
import { SEARCH, page as tokenPage, token } from '../features/tokens-fixtures';
import { KEYS_PATH, listRoute, sshKey } from '../features/ssh-keys-fixtures';
import { USER_INFO_PATH, userInfoRoute } from '../features/package-credential-fixtures';
import { IDENTITIES_PATH, aliceDingTalk, identitiesRoute, providersRoute } from '../features/third-party-fixtures';
import { ME, me } from '../features/profile-fixtures';
import {
  COUNT,
  FakeEventSource,
  LIST,
  counts,
  message,
  page as messagePage,
  useFakeEventSource,
} from '../features/notifications-fixtures';
import { ORGS_PATH, org, page as orgPage } from '../features/org-switcher-fixtures';
import { APPS_PATH, appsRoute, navKeys, noHelpRoute } from '../features/settings-fixtures';

const ORG_ID = 'org-42';
const ORGANIZATION_PATH = `/uiless/api/organizations/${ORG_ID}`;
const EMAIL_VERIFY_PATH = '/individual/proxy/my/email:verify';

interface Subject {
  tag: string;
  /** The call whose failure the test injects. */
  load: { method: string; path: string };
  /** A well server. */
  good: MockRoute[];
  /** Text that shows the data arrived. */
  ready: string;
  /** Besides host and locale. */
  attributes?: Record<string, string>;
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
  {
    tag: 'yx-org-switcher',
    load: { method: 'POST', path: ORGS_PATH },
    good: [{ method: 'POST', path: ORGS_PATH, body: orgPage([org(1, { name: 'Northwind Labs' })]) }],
    ready: 'Northwind Labs',
  },
  {
    // The organization and its apps load together; either failing fails the page.
    tag: 'yx-app-entry',
    load: { method: 'GET', path: ORGANIZATION_PATH },
    good: [
      { method: 'GET', path: ORGANIZATION_PATH, body: { result: { _id: ORG_ID, name: 'Acme Rockets', logo: '' } } },
      appsRoute(['codeup']),
    ],
    ready: 'Acme Rockets',
    attributes: { 'organization-id': ORG_ID },
  },
  {
    tag: 'yx-email-verify-result',
    load: { method: 'POST', path: EMAIL_VERIFY_PATH },
    good: [
      { method: 'POST', path: EMAIL_VERIFY_PATH, body: { email: { address: 'lin@example.com', verified: true } } },
    ],
    ready: 'lin@example.com is verified',
    // A countdown long enough that the success page never redirects the test page.
    attributes: { token: 'tok-1', seconds: '3600' },
  },
];

type MockApi = Awaited<ReturnType<typeof mockApi>>;

const FAULTS = serverFaults('req-fault-500');
const SLOW = FAULTS.find((fault) => fault.route.delayMs !== undefined)!;

/** What the element shows: its text and the values of its fields. */
const shadowText = (el: Element) =>
  [el.shadowRoot?.textContent ?? '', ...[...(el.shadowRoot?.querySelectorAll('input') ?? [])].map((i) => i.value)].join(
    ' ',
  );

/** The element shows its message for the fault with a Retry button; once the server is well, Retry
 * pressed by keyboard shows the data and keeps focus inside the element. */
async function checkFaultAndRetry(subject: Subject, fault: Fault, el: HTMLElement, api: MockApi): Promise<void> {
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
}

/** Call in a describe: each test gets a fake EventSource and an empty page afterwards. */
function useFreshPage(): void {
  let restoreEventSource: () => void;
  beforeEach(() => {
    restoreEventSource = useFakeEventSource();
  });
  afterEach(() => {
    restoreEventSource();
    document.body.innerHTML = '';
  });
}

describe('elements meeting a failing server while loading', () => {
  for (const subject of SUBJECTS) {
    describe(`<${subject.tag}>`, () => {
      useFreshPage();
      for (const fault of FAULTS.filter((f) => f !== SLOW)) {
        it(`says what went wrong on ${fault.name}, and shows the data after Retry`, async () => {
          // The fault answers every time until the server is well again (a browser may quietly
          // retry a request whose connection dropped, so a one-off fault would not be seen).
          const api = await mockApi([...subject.good, { ...subject.load, ...fault.route }]);
          const el = await mountElement(subject.tag, { host: api.host, locale: 'en_US', ...subject.attributes });
          await checkFaultAndRetry(subject, fault, el, api);
        });
      }
    });
  }

  describe(`every element on ${SLOW.name}`, () => {
    // The client's real timeout (5 s) runs once for all of them: the elements are mounted together
    // and each test then checks its own, instead of waiting out the timeout nine times in a row.
    const mounted = new Map<string, { el: HTMLElement; api: MockApi }>();
    let restoreEventSource: () => void;
    before(async () => {
      restoreEventSource = useFakeEventSource();
      for (const subject of SUBJECTS) {
        const api = await mockApi([...subject.good, { ...subject.load, ...SLOW.route }]);
        const el = await mountElement(subject.tag, { host: api.host, locale: 'en_US', ...subject.attributes });
        mounted.set(subject.tag, { el, api });
      }
    });
    after(() => {
      restoreEventSource();
      mounted.clear();
      document.body.innerHTML = '';
    });

    for (const subject of SUBJECTS) {
      it(`<${subject.tag}> says it timed out, and shows the data after Retry`, async () => {
        const { el, api } = mounted.get(subject.tag)!;
        await checkFaultAndRetry(subject, SLOW, el, api);
      });
    }
  });

  describe('<yx-settings>', () => {
    useFreshPage();
    // §2: the shell's Retry reloads the page. The test takes the reload over and then does what a
    // reloaded page does: it starts a fresh shell against the (now well) server.
    let reloads = 0;
    let restoreReloader: () => void;
    beforeEach(() => {
      reloads = 0;
      restoreReloader = setSettingsReloader(() => reloads++);
    });
    afterEach(() => restoreReloader());

    const attributes = { locale: 'en_US', section: 'profile' };
    const good: MockRoute[] = [
      appsRoute(['codeup', 'packages']),
      noHelpRoute,
      { method: 'GET', path: ME, body: me({ name: 'Lin Wei' }) },
    ];

    for (const fault of FAULTS) {
      it(`says what went wrong on ${fault.name}, reloads on Retry, and the reloaded page shows the menu`, async () => {
        const api = await mockApi([...good, { method: 'GET', path: APPS_PATH, ...fault.route }]);
        const el = await mountElement('yx-settings', { host: api.host, ...attributes });
        const alert = (await waitFor(
          () => el.shadowRoot!.querySelector<HTMLElement>('[part="result"][data-status="error"]'),
          { timeout: 12_000, message: 'yx-settings: the error panel' },
        ))!;
        expect(alert.getAttribute('role')).to.equal('alert');
        expect(alert.querySelector('[part="result-title"]')!.textContent).to.equal(
          'The system is abnormal, please try again',
        );
        // The title already says a server fault happened: under it, only the request id (§8).
        const says = fault.route.status === 500 ? /^Request ID: req-fault-500$/ : fault.says;
        expect(alert.querySelector('[part="result-description"]')?.textContent ?? '').to.match(says);
        expect(navKeys(el.shadowRoot!)).to.deep.equal([]);
        const retry = [...alert.querySelectorAll('button')].find((b) => /Retry/.test(b.textContent ?? ''));
        expect(retry, 'a Retry button').to.exist;
        await api.define(good);
        retry!.focus();
        await sendKeys({ press: 'Enter' });
        await waitFor(() => reloads === 1, { message: 'yx-settings: the reload' });
        expect(el.shadowRoot!.activeElement === retry, 'focus stays on Retry while the page reloads').to.equal(true);

        el.remove();
        const reloaded = await mountElement('yx-settings', { host: api.host, ...attributes });
        await waitFor(() => navKeys(reloaded.shadowRoot!).length > 0, {
          timeout: 5000,
          message: 'yx-settings: the menu after the reload',
        });
        // SSH and package credentials show because the apps call answered codeup and packages.
        expect(navKeys(reloaded.shadowRoot!)).to.deep.equal([
          'profile',
          'personalAccessToken',
          'ssh',
          'packagesCredential',
          'third-party',
        ]);
        expect(reloaded.shadowRoot!.querySelector('[part="result"][data-status="error"]') === null).to.equal(true);
      });
    }
  });

  describe('<yx-unread-badge>', () => {
    useFreshPage();
    // By design the badge has no error panel and no Retry: a bell that cannot get its count stays
    // a plain link to the message centre, and shows the count when a later refresh gets one.
    const link = (el: Element) => el.shadowRoot!.querySelector<HTMLAnchorElement>('a[part="link"]')!;
    const bubble = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('[part="count"]');

    for (const fault of FAULTS) {
      it(`stays a working link with no count on ${fault.name}, and shows the count once a refresh succeeds`, async () => {
        // The badge shows nothing for a failed count, so the test learns of the failure from the
        // client itself.
        const failures: HttpError[] = [];
        const stopListening = addHttpErrorListener((error) => {
          if (error.url.endsWith(COUNT)) failures.push(error);
        });
        const urls: string[] = [];
        const navigated = (event: Event) => {
          event.preventDefault();
          urls.push((event as CustomEvent<{ url: string }>).detail.url);
        };
        document.addEventListener('yx-navigate', navigated);
        try {
          const api = await mockApi([{ method: 'POST', path: COUNT, ...fault.route }]);
          const el = await mountElement('yx-unread-badge', { host: api.host, locale: 'en_US' });
          const stream = FakeEventSource.latest();
          stream.open();
          await waitFor(() => failures.length > 0, { timeout: 12_000, message: 'yx-unread-badge: the failed count' });
          expect(failures[0]!.message).to.match(fault.says);
          await settle();

          const a = link(el);
          // Its default: the account host's message centre (not a hash route of the host page).
          expect(a.getAttribute('href')).to.equal(`${api.host}/users/#/users/notifications`);
          expect(a.getAttribute('aria-label')).to.equal('Messages');
          expect(a.dataset.state).to.equal('empty');
          expect(a.hasAttribute('data-count')).to.equal(false);
          expect(bubble(el) === null, 'no count').to.equal(true);
          a.focus();
          await sendKeys({ press: 'Enter' });
          await waitFor(() => urls.length === 1, { message: 'yx-unread-badge: the link followed by keyboard' });
          expect(urls).to.deep.equal([`${api.host}/users/#/users/notifications`]);

          // The stream gives up for good: the badge falls back to polling and catches up at once.
          await api.define([{ method: 'POST', path: COUNT, body: counts({ codeup: 3, flow: 1 }) }]);
          stream.fail(true);
          await waitFor(() => bubble(el)?.textContent === '4', {
            timeout: 5000,
            message: 'yx-unread-badge: the count after the refresh',
          });
          expect(link(el).getAttribute('aria-label')).to.equal('Messages, 4 unread');
        } finally {
          stopListening();
          document.removeEventListener('yx-navigate', navigated);
        }
      });
    }
  });
});
