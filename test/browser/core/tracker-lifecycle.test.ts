import { expect } from '@open-wc/testing';
import { createTracker } from '../../../src/core/tracker/tracker';
import { createFakeEnvironment } from '../fixtures/tracker-fakes';
import type { HttpErrorListener } from '../../../src/core/http';

const user = () => ({
  userId: 'u-1',
  userName: 'Ann',
  appName: 'settings',
  pid: 'yx-settings',
  organizationId: 'org-9',
});

/** Counts listeners on a target by wrapping its add/removeEventListener. */
function countListeners(target: EventTarget) {
  const add = target.addEventListener;
  const remove = target.removeEventListener;
  const live = new Map<unknown, string>();
  target.addEventListener = function (type: string, listener: any, options?: any) {
    if (listener) live.set(listener, type);
    return add.call(this, type, listener, options);
  };
  target.removeEventListener = function (type: string, listener: any, options?: any) {
    if (live.get(listener) === type) live.delete(listener);
    return remove.call(this, type, listener, options);
  };
  return {
    total: () => live.size,
    types: () => [...live.values()],
    restore() {
      target.addEventListener = add;
      target.removeEventListener = remove;
    },
  };
}

describe('usage tracker lifecycle', () => {
  describe('given no endpoint is configured', () => {
    it('installs nothing and sends nothing, whatever the page does', async () => {
      const fake = createFakeEnvironment();
      const onWindow = countListeners(fake.window);
      const onDocument = countListeners(fake.document);
      let httpListeners = 0;
      for (const endpoint of [undefined, null, '']) {
        const tracker = createTracker({
          endpoint,
          user,
          env: fake.env,
          addHttpErrorListener: () => {
            httpListeners += 1;
            return () => {};
          },
        });
        tracker.start();
        tracker.reportApiError({ method: 'POST', url: '/api/x', status: 500 });
        fake.window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
        fake.clock.tick(60_000);
        tracker.flush();
        expect(tracker.enabled).to.equal(false);
        expect(tracker.pending).to.equal(0);
      }
      expect(onWindow.total() + onDocument.total()).to.equal(0);
      expect(httpListeners).to.equal(0);
      expect(fake.perf.observing).to.equal(0);
      expect(fake.beacons).to.have.length(0);
      expect(fake.fetches).to.have.length(0);
      onWindow.restore();
      onDocument.restore();
    });
  });

  describe('given an endpoint', () => {
    it('removes every listener, observer and timer it installed when stopped', () => {
      const fake = createFakeEnvironment({ readyState: 'loading' });
      const onWindow = countListeners(fake.window);
      const onDocument = countListeners(fake.document);
      let httpListeners = 0;
      const tracker = createTracker({
        endpoint: '/collect',
        user,
        env: fake.env,
        addHttpErrorListener: () => {
          httpListeners += 1;
          return () => (httpListeners -= 1);
        },
      });
      tracker.start();
      tracker.start();
      expect(onWindow.types()).to.have.members(['error', 'unhandledrejection', 'online', 'pagehide', 'load']);
      expect(onDocument.types()).to.deep.equal(['visibilitychange']);
      expect(httpListeners).to.equal(1);
      expect(fake.perf.observing).to.equal(3);

      tracker.reportApiError({ url: '/api/x', status: 500 });
      tracker.stop();
      expect(onWindow.total()).to.equal(0);
      expect(onDocument.total()).to.equal(0);
      expect(httpListeners).to.equal(0);
      expect(fake.perf.observing).to.equal(0);
      expect(fake.clock.pendingTimers).to.equal(0);
      expect(fake.beacons, 'what was queued is sent on stop').to.have.length(1);
      onWindow.restore();
      onDocument.restore();
    });

    it('leaves no listeners on the real window and document after start and stop', () => {
      const onWindow = countListeners(window);
      const onDocument = countListeners(document);
      try {
        const tracker = createTracker({ endpoint: '/collect', user, env: { sendBeacon: () => true } });
        tracker.start();
        expect(onWindow.total()).to.be.greaterThan(0);
        tracker.stop();
        expect(onWindow.total()).to.equal(0);
        expect(onDocument.total()).to.equal(0);
      } finally {
        onWindow.restore();
        onDocument.restore();
      }
    });

    it('puts the user fields and user_type 101 on every kind of entry', async () => {
      const fake = createFakeEnvironment();
      fake.perf.setEntries('navigation', [{ entryType: 'navigation', startTime: 0, loadEventEnd: 9_000 }]);
      fake.perf.setEntries('resource', [{ entryType: 'resource', name: 'https://cdn.example.com/a.js' }]);
      fake.setRandom(0);
      let listener: HttpErrorListener | undefined;
      const tracker = createTracker({
        endpoint: '/collect',
        user,
        env: fake.env,
        addHttpErrorListener: (l) => {
          listener = l;
          return () => {};
        },
      });
      tracker.start();
      tracker.reportApiError({ url: '/api/x', status: 200, response: { code: 'Bad', message: 'no' } });
      listener!(
        Object.assign(new Error('System exception'), {
          kind: 'server',
          status: 502,
          code: 'server_error',
          method: 'GET',
          url: '/api/y',
        }) as any,
        { durationMs: 12 },
      );
      fake.window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new TypeError('boom') }));
      fake.perf.emit(
        { entryType: 'longtask', name: 'self', startTime: 10, duration: 80 },
        { entryType: 'event', name: 'click', startTime: 20, duration: 120 },
        { entryType: 'resource', name: 'https://cdn.example.com/big.js', duration: 400 },
      );
      fake.clock.tick(100);
      fake.clock.tick(1_000);

      const entries = (await fake.batches()).flatMap((b) => b.entries);
      expect(entries.map((e) => e.kind)).to.have.members([
        'api-error',
        'api-error',
        'js-error',
        'long-task',
        'event-timing',
        'slow-resource',
        'performance',
        'resource-batch',
      ]);
      for (const entry of entries) {
        expect(entry).to.include({
          userId: 'u-1',
          userName: 'Ann',
          appName: 'settings',
          pid: 'yx-settings',
          user_type: 101,
          organizationId: 'org-9',
          url: 'https://devops.example.com/users/#/tokens?tab=all',
        });
        expect(entry.ts).to.be.a('number');
      }
      tracker.stop();
    });

    it('keeps tracking with empty user fields when reading the user throws', async () => {
      const fake = createFakeEnvironment();
      const tracker = createTracker({
        endpoint: '/collect',
        user: () => {
          throw new Error('not signed in');
        },
        env: fake.env,
        performance: false,
      });
      tracker.start();
      tracker.reportApiError({ url: '/api/x', status: 500 });
      tracker.flush();
      const [entry] = (await fake.batches())[0]!.entries;
      expect(entry).to.include({ userId: '', userName: '', organizationId: '', user_type: 101 });
      tracker.stop();
    });

    it('reports the page load only once across stop and start', async () => {
      const fake = createFakeEnvironment();
      fake.perf.setEntries('navigation', [{ entryType: 'navigation', startTime: 0, loadEventEnd: 900 }]);
      const tracker = createTracker({ endpoint: '/collect', user, env: fake.env, httpErrors: false });
      tracker.start();
      fake.clock.tick(200);
      tracker.stop();
      tracker.start();
      fake.clock.tick(2_000);
      tracker.stop();
      const kinds = (await fake.batches()).flatMap((b) => b.entries).map((e) => e.kind);
      expect(kinds).to.deep.equal(['performance']);
    });

    it('ignores reports made before start and after stop', () => {
      const fake = createFakeEnvironment();
      const tracker = createTracker({ endpoint: '/collect', user, env: fake.env, performance: false });
      tracker.reportApiError({ url: '/api/x', status: 500 });
      tracker.start();
      tracker.stop();
      tracker.reportApiError({ url: '/api/x', status: 500 });
      fake.clock.tick(5_000);
      expect(tracker.pending).to.equal(0);
      expect(fake.beacons).to.have.length(0);
    });
  });
});
