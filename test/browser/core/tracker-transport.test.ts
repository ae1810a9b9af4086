import { expect } from '@open-wc/testing';
import { createTracker } from '../../../src/core/tracker/tracker';
import { createFakeEnvironment } from '../fixtures/tracker-fakes';
import { TRACKER_LIMITS } from '../../../src/core/tracker/limits';

const user = () => ({ userId: 'u-1', userName: 'Ann', appName: 'settings', pid: 'p', organizationId: 'org-9' });

function start(fake: ReturnType<typeof createFakeEnvironment>) {
  const tracker = createTracker({ endpoint: '/collect', user, env: fake.env, performance: false, httpErrors: false });
  tracker.start();
  return tracker;
}

const fail = (n: number) => ({ method: 'POST', url: `/api/things/${n}`, status: 500 });

describe('usage tracker transport', () => {
  describe('given reports while the page is busy', () => {
    it('sends one batch 1,000 ms after the last report', async () => {
      const fake = createFakeEnvironment();
      const tracker = start(fake);
      tracker.reportApiError(fail(1));
      fake.clock.tick(999);
      tracker.reportApiError(fail(2));
      fake.clock.tick(999);
      expect(fake.beacons, 'the idle wait restarts on each report').to.have.length(0);
      fake.clock.tick(1);
      expect(fake.beacons).to.have.length(1);
      const [batch] = await fake.batches();
      expect(batch!.entries.map((e) => (e.kind === 'api-error' ? e.requestUrl : ''))).to.deep.equal([
        '/api/things/1',
        '/api/things/2',
      ]);
      expect(fake.beacons[0]!.url).to.equal(new URL('/collect', 'https://devops.example.com/').href);
      expect(fake.beacons[0]!.data.type).to.equal('application/json');
      tracker.stop();
    });

    it('does not let a steady trickle of reports postpone the send forever', () => {
      const fake = createFakeEnvironment();
      const tracker = start(fake);
      for (let i = 0; i < 30; i++) {
        tracker.reportApiError(fail(i));
        fake.clock.tick(900);
      }
      expect(fake.beacons.length).to.be.greaterThan(0);
      tracker.stop();
    });

    it('splits a batch bigger than a beacon may carry', async () => {
      const fake = createFakeEnvironment();
      const tracker = start(fake);
      for (let i = 0; i < 20; i++) {
        tracker.reportApiError({ ...fail(i), response: { detail: 'x'.repeat(9_000) } });
      }
      fake.clock.tick(1_000);
      expect(fake.beacons.length).to.be.greaterThan(1);
      for (const beacon of fake.beacons) expect(beacon.data.size).to.be.at.most(64 * 1024);
      const total = (await fake.batches()).reduce((n, b) => n + b.entries.length, 0);
      expect(total).to.equal(20);
      tracker.stop();
    });
  });

  describe('given the beacon is refused', () => {
    it('falls back to fetch with keepalive, JSON and same-origin credentials', async () => {
      const fake = createFakeEnvironment();
      fake.transport.beaconAccepts = false;
      const tracker = start(fake);
      tracker.reportApiError(fail(1));
      fake.clock.tick(1_000);
      expect(fake.fetches).to.have.length(1);
      const { init } = fake.fetches[0]!;
      expect(init).to.include({ method: 'POST', keepalive: true, credentials: 'same-origin' });
      expect(init.headers).to.deep.equal({ 'Content-Type': 'application/json' });
      expect(JSON.parse(String(init.body)).entries).to.have.length(1);
      tracker.stop();
    });

    it('never throws into the page when every transport fails', async () => {
      const fake = createFakeEnvironment();
      fake.env.sendBeacon = () => {
        throw new TypeError('Beacons are blocked by CSP');
      };
      fake.env.fetch = () => {
        throw new TypeError('fetch is blocked');
      };
      const tracker = start(fake);
      tracker.reportApiError(fail(1));
      expect(() => fake.clock.tick(1_000)).not.to.throw();
      expect(() => tracker.flush()).not.to.throw();
      expect(() => tracker.stop()).not.to.throw();
    });
  });

  describe('given the page goes offline', () => {
    it('holds at most 500 entries, dropping the oldest, and sends them when back online', async () => {
      const fake = createFakeEnvironment();
      const tracker = start(fake);
      fake.goOffline();
      for (let i = 0; i < TRACKER_LIMITS.offlineQueueSize + 20; i++) tracker.reportApiError(fail(i));
      fake.clock.tick(60_000);
      expect(fake.beacons).to.have.length(0);
      expect(tracker.pending).to.equal(500);

      fake.goOnline();
      const batches = await fake.batches();
      // No batch is larger than the collector accepts.
      expect(batches.every((b) => b.entries.length <= 200)).to.equal(true);
      const entries = batches.flatMap((b) => b.entries);
      expect(entries).to.have.length(500);
      expect(entries[0]).to.include({ requestUrl: '/api/things/20' });
      expect(entries[499]).to.include({ requestUrl: '/api/things/519' });
      expect(tracker.pending).to.equal(0);
      tracker.stop();
    });

    it('keeps a batch whose request never got an answer and sends it on the next online', async () => {
      const fake = createFakeEnvironment();
      fake.transport.beaconAccepts = false;
      fake.transport.fetchFails = true;
      const tracker = start(fake);
      tracker.reportApiError(fail(1));
      fake.clock.tick(1_000);
      await new Promise((r) => setTimeout(r, 0));
      expect(tracker.pending).to.equal(1);

      fake.transport.fetchFails = false;
      fake.goOnline();
      expect(fake.fetches).to.have.length(2);
      expect(tracker.pending).to.equal(0);
      tracker.stop();
    });
  });

  describe('given the user leaves the page', () => {
    it('sends what is queued at once when the page is hidden', () => {
      const fake = createFakeEnvironment();
      const tracker = start(fake);
      tracker.reportApiError(fail(1));
      fake.hide('visibilitychange');
      expect(fake.beacons).to.have.length(1);
      tracker.stop();
    });

    it('sends what is queued at once on pagehide', () => {
      const fake = createFakeEnvironment();
      const tracker = start(fake);
      tracker.reportApiError(fail(1));
      fake.hide('pagehide');
      expect(fake.beacons).to.have.length(1);
      expect(fake.clock.pendingTimers, 'the idle send is cancelled').to.equal(0);
      tracker.stop();
    });

    it('does not send when the page merely becomes visible again', () => {
      const fake = createFakeEnvironment();
      const tracker = start(fake);
      tracker.reportApiError(fail(1));
      fake.document.dispatchEvent(new Event('visibilitychange'));
      expect(fake.beacons).to.have.length(0);
      tracker.stop();
    });
  });
});
