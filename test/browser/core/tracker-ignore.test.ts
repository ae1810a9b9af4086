import { expect } from '@open-wc/testing';
import { createTracker } from '../../../src/core/tracker/tracker';
import { createFakeEnvironment } from '../fixtures/tracker-fakes';
import { IGNORED_API_PATHS, isIgnoredPath } from '../../../src/core/tracker/ignore';
import type { ApiErrorReport } from '../../../src/core/tracker/errors';

const user = () => ({ userId: 'u-1', userName: 'Ann', appName: 'settings', pid: 'p', organizationId: 'org-9' });

/** Reports one failure through a fresh tracker and returns how many entries were sent. */
async function sentFor(report: ApiErrorReport | ((w: EventTarget) => void)): Promise<number> {
  const fake = createFakeEnvironment();
  const tracker = createTracker({ endpoint: '/collect', user, env: fake.env, performance: false });
  tracker.start();
  if (typeof report === 'function') report(fake.window);
  else tracker.reportApiError(report);
  fake.clock.tick(1_000);
  tracker.stop();
  return (await fake.batches()).reduce((n, b) => n + b.entries.length, 0);
}

const suitePaths = [
  '/api/feature-flags',
  '/individual/proxy/me',
  '/api/navigation/configs',
  '/users/ajax/v1/notifications/inbox/messages/unread:countGroupByApp',
  '/api/unread',
  '/projex/api/workitems/42',
  '/uiless/api/organizations/o1/apps/a1/permissions',
  '/api/metric-cards',
  '/codeup/api/v3/user/keys',
  '/api/secrets/9',
];

describe('usage tracker ignore rules', () => {
  describe('given the expected failures of suite calls', () => {
    for (const status of [400, 401, 402, 403, 404]) {
      it(`does not report ${status} from feature flags, current user, navigation, unread, work items, permissions, metric cards, keys and secrets`, async () => {
        for (const url of suitePaths) {
          expect(await sentFor({ url: `https://devops.example.com${url}?x=1`, status }), url).to.equal(0);
        }
      });
    }

    it('still reports a server error from those calls', async () => {
      expect(await sentFor({ url: '/individual/proxy/me', status: 500 })).to.equal(1);
    });

    it('still reports the same statuses from calls that are not listed', async () => {
      for (const status of [400, 401, 402, 403, 404]) {
        expect(await sentFor({ url: '/users/ajax/v1/my/tokens', status }), String(status)).to.equal(1);
      }
      expect(await sentFor({ url: '/individual/proxy/members', status: 404 })).to.equal(1);
      expect(await sentFor({ url: '/api/keystore', status: 404 })).to.equal(1);
    });

    it('does not report a 200 with an error body from a listed call, but does from others', async () => {
      const body = { code: 'NotFound', message: 'no flag' };
      expect(await sentFor({ url: '/api/feature-flags/x', status: 200, response: body })).to.equal(0);
      expect(await sentFor({ url: '/users/ajax/v1/my/preferences', status: 200, response: body })).to.equal(1);
    });

    it('documents its path list as patterns', () => {
      expect(IGNORED_API_PATHS).to.include.members(['/feature-flags', '/individual/proxy/me', ':countGroupByApp']);
      expect(isIgnoredPath('/a/b', [/^\/a\//])).to.equal(true);
    });
  });

  describe('given calls that never got an answer', () => {
    for (const [status, why] of [
      [0, 'network or offline'],
      [-1, 'unknown'],
      [-2, 'aborted'],
      [-3, 'timed out'],
    ] as const) {
      it(`does not report status ${status} (${why}) on any path`, async () => {
        expect(await sentFor({ url: '/users/ajax/v1/my/tokens', status })).to.equal(0);
      });
    }
  });

  describe('given known harmless server answers', () => {
    it('does not report AS_ACK_ADDON_DESCRIBE_ADDONS_FAILED, as a code or in the body', async () => {
      expect(await sentFor({ url: '/api/addons', status: 500, code: 'AS_ACK_ADDON_DESCRIBE_ADDONS_FAILED' })).to.equal(
        0,
      );
      const response = { code: 'AS_ACK_ADDON_DESCRIBE_ADDONS_FAILED', message: 'x' };
      expect(await sentFor({ url: '/api/addons', status: 200, response })).to.equal(0);
    });

    it("does not report last-workspace's 200 'update failed', but reports its other failures", async () => {
      const url = '/uiless/api/sdk/users/lastWorkspace';
      expect(await sentFor({ method: 'PUT', url, status: 200, response: { message: 'update failed' } })).to.equal(0);
      expect(await sentFor({ method: 'PUT', url, status: 200, response: { message: 'no such org' } })).to.equal(1);
      expect(await sentFor({ method: 'PUT', url, status: 500 })).to.equal(1);
    });
  });

  describe('given browser noise in the page', () => {
    const error = (init: ErrorEventInit) => (w: EventTarget) => w.dispatchEvent(new ErrorEvent('error', init));
    const rejection = (reason: unknown) => (w: EventTarget) => {
      const event = new Event('unhandledrejection');
      Object.defineProperty(event, 'reason', { value: reason });
      w.dispatchEvent(event);
    };

    it('does not report the ResizeObserver loop errors', async () => {
      expect(await sentFor(error({ message: 'ResizeObserver loop limit exceeded' }))).to.equal(0);
      expect(
        await sentFor(error({ message: 'ResizeObserver loop completed with undelivered notifications.' })),
      ).to.equal(0);
    });

    it("does not report 'The operation is insecure'", async () => {
      const securityError = new DOMException('The operation is insecure.', 'SecurityError');
      expect(await sentFor(error({ message: securityError.message, error: securityError }))).to.equal(0);
      expect(await sentFor(rejection(securityError))).to.equal(0);
    });

    it('does not report errors thrown by browser extensions', async () => {
      const fromStack = new Error('x is undefined');
      fromStack.stack = 'Error: x is undefined\n    at run (chrome-extension://abcdef/content.js:1:10)';
      expect(await sentFor(error({ message: fromStack.message, error: fromStack }))).to.equal(0);
      expect(await sentFor(error({ message: 'oops', filename: 'moz-extension://1234/inject.js' }))).to.equal(0);
      expect(await sentFor(error({ message: 'oops', filename: 'safari-extension://id/script.js' }))).to.equal(0);
      expect(await sentFor(rejection(fromStack))).to.equal(0);
    });

    it('does not treat a failed image load as a script error', async () => {
      expect(await sentFor((w) => w.dispatchEvent(new Event('error')))).to.equal(0);
    });

    it('reports genuine script errors and unhandled rejections', async () => {
      expect(await sentFor(error({ message: 'boom', error: new TypeError('boom'), filename: '/app.js' }))).to.equal(1);
      expect(await sentFor(rejection(new Error('lost promise')))).to.equal(1);
      expect(await sentFor(rejection({ reason: 'plain object' }))).to.equal(1);
    });
  });
});
