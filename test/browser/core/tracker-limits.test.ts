import { expect } from '@open-wc/testing';
import { createTracker } from '../../../src/core/tracker/tracker';
import { createFakeEnvironment } from '../fixtures/tracker-fakes';
import type { FakePerformanceEntry } from '../fixtures/tracker-fakes';
import { TRACKER_LIMITS } from '../../../src/core/tracker/limits';
import type { TrackerEntry } from '../../../src/core/tracker/types';

const user = () => ({ userId: 'u-1', userName: 'Ann', appName: 'settings', pid: 'p', organizationId: 'org-9' });

function setup(init: Parameters<typeof createFakeEnvironment>[0] = {}, pageUrl?: string) {
  const fake = createFakeEnvironment(init);
  if (pageUrl) fake.env.pageUrl = () => pageUrl;
  const tracker = createTracker({ endpoint: 'https://devops.example.com/collect', user, env: fake.env });
  return {
    fake,
    tracker,
    /** Stops the tracker (sending what is queued) and returns every entry sent. */
    async sent(): Promise<TrackerEntry[]> {
      tracker.stop();
      return (await fake.batches()).flatMap((b) => b.entries);
    },
  };
}

const nav = (loadEventEnd: number, startTime = 0): FakePerformanceEntry => ({
  entryType: 'navigation',
  startTime,
  loadEventEnd,
  responseStart: 120,
  domainLookupStart: 5,
  domainLookupEnd: 25,
  type: 'navigate',
});

const resources = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ entryType: 'resource', name: `https://cdn.example.com/${i}.js` }));

describe('usage tracker limits (§9)', () => {
  it('keeps the constants of §9 in one object', () => {
    expect(TRACKER_LIMITS).to.deep.include({
      maxUrlLength: 30_000,
      offlineQueueSize: 500,
      maxBodyLength: 10_000,
      maxResponseMessageLength: 50,
      maxErrorMessageLength: 10_000,
      maxStackLength: 100_000,
      resourceSampleRate: 0.01,
      resourceSampleMinLoadMs: 8_000,
      resourceBatchSize: 200,
      idleSendMs: 1_000,
      maxPageLoadMs: 20_000,
      slowResourceMs: 300,
      slowResourceBytes: 300_000,
      longTaskMs: 50,
      eventTimingMs: 100,
      pageCompleteWaitMs: 100,
    });
  });

  describe('given long texts', () => {
    it('cuts URLs to 30,000, response messages to 50 and bodies to 10,000 characters', async () => {
      const { tracker, sent } = setup({}, 'https://devops.example.com/?q=' + 'p'.repeat(40_000));
      tracker.start();
      tracker.reportApiError({
        url: '/api/x?q=' + 'u'.repeat(40_000),
        status: 500,
        message: 'm'.repeat(80),
        requestBody: { text: 'b'.repeat(20_000) },
        response: 'r'.repeat(20_000),
      });
      const [entry] = await sent();
      if (entry?.kind !== 'api-error') throw new Error('expected an api-error');
      expect(entry.url).to.have.length(30_000);
      expect(entry.requestUrl).to.have.length(30_000);
      expect(entry.message).to.equal('m'.repeat(50));
      expect(entry.requestBody).to.have.length(10_000);
      expect(entry.response).to.equal('r'.repeat(10_000));
    });

    it('cuts error messages to 10,000, stacks to 100,000 and script URLs to 30,000 characters', async () => {
      const { fake, tracker, sent } = setup();
      tracker.start();
      const error = new Error('e'.repeat(12_000));
      error.stack = 's'.repeat(120_000);
      const filename = 'https://devops.example.com/' + 'f'.repeat(40_000) + '.js';
      fake.window.dispatchEvent(new ErrorEvent('error', { message: error.message, error, filename, lineno: 3 }));
      const [entry] = await sent();
      if (entry?.kind !== 'js-error') throw new Error('expected a js-error');
      expect(entry.message).to.have.length(10_000);
      expect(entry.stack).to.have.length(100_000);
      expect(entry.filename).to.have.length(30_000);
      expect(entry.line).to.equal(3);
    });
  });

  describe('given a page load', () => {
    it('waits 100 ms after load before reading navigation timing', () => {
      const { fake, tracker } = setup({ readyState: 'loading' });
      fake.perf.setEntries('navigation', [nav(1_500)]);
      tracker.start();
      fake.clock.tick(5_000);
      expect(tracker.pending, 'no report before the load event').to.equal(0);
      fake.window.dispatchEvent(new Event('load'));
      fake.clock.tick(99);
      expect(tracker.pending).to.equal(0);
      fake.clock.tick(1);
      expect(tracker.pending).to.equal(1);
      tracker.stop();
    });

    it('reports the load time and its phases', async () => {
      const { fake, tracker, sent } = setup();
      fake.perf.setEntries('navigation', [nav(20_000)]);
      fake.perf.setEntries('paint', [{ entryType: 'paint', name: 'first-contentful-paint', startTime: 640.04 }]);
      tracker.start();
      fake.clock.tick(100);
      const [entry] = await sent();
      expect(entry).to.deep.include({ kind: 'performance', loadTime: 20_000, ttfb: 120, dns: 20, fcp: 640 });
    });

    it('discards a load time over 20,000 ms or negative', async () => {
      for (const entry of [nav(20_001), nav(100, 500)]) {
        const { fake, tracker, sent } = setup();
        fake.perf.setEntries('navigation', [entry]);
        fake.perf.setEntries('resource', resources(3));
        fake.setRandom(0);
        tracker.start();
        fake.clock.tick(2_000);
        expect(await sent()).to.deep.equal([]);
      }
    });

    it('sends up to 200 resource timings for 1% of loads slower than 8,000 ms', async () => {
      const cases: [load: number, random: number, expected: number | undefined][] = [
        [8_001, 0.0099, 200],
        [8_001, 0.01, undefined],
        [8_000, 0, undefined],
      ];
      for (const [load, random, expected] of cases) {
        const { fake, tracker, sent } = setup();
        fake.perf.setEntries('navigation', [nav(load)]);
        fake.perf.setEntries('resource', [
          { entryType: 'resource', name: 'https://devops.example.com/collect' },
          ...resources(250),
        ]);
        fake.setRandom(random);
        tracker.start();
        fake.clock.tick(100);
        const batch = (await sent()).find((e) => e.kind === 'resource-batch');
        const label = `load ${load}, random ${random}`;
        if (expected === undefined) expect(batch, label).to.equal(undefined);
        else {
          if (batch?.kind !== 'resource-batch') throw new Error(label);
          expect(batch.resources).to.have.length(expected);
          expect(batch.resources[0]!.name, 'own beacons left out').to.equal('https://cdn.example.com/0.js');
          expect(batch.loadTime).to.equal(load);
        }
      }
    });
  });

  describe('given observed performance entries', () => {
    async function kindsFor(...entries: FakePerformanceEntry[]) {
      const { fake, tracker, sent } = setup();
      tracker.start();
      fake.perf.emit(...entries);
      return (await sent()).map((e) => e.kind);
    }

    it('reports long tasks of 50 ms or more', async () => {
      expect(await kindsFor({ entryType: 'longtask', name: 'self', duration: 49.9 })).to.deep.equal([]);
      expect(await kindsFor({ entryType: 'longtask', name: 'self', duration: 50 })).to.deep.equal(['long-task']);
    });

    it('reports events of 100 ms or more', async () => {
      expect(await kindsFor({ entryType: 'event', name: 'click', duration: 99 })).to.deep.equal([]);
      expect(await kindsFor({ entryType: 'event', name: 'click', duration: 100 })).to.deep.equal(['event-timing']);
    });

    it('reports resources of 300 ms or 300,000 bytes or more, but not its own beacons', async () => {
      const name = 'https://cdn.example.com/app.js';
      expect(await kindsFor({ entryType: 'resource', name, duration: 299, transferSize: 299_999 })).to.deep.equal([]);
      expect(await kindsFor({ entryType: 'resource', name, duration: 300 })).to.deep.equal(['slow-resource']);
      expect(await kindsFor({ entryType: 'resource', name, transferSize: 300_000 })).to.deep.equal(['slow-resource']);
      const own = 'https://devops.example.com/collect';
      expect(await kindsFor({ entryType: 'resource', name: own, duration: 900 })).to.deep.equal([]);
    });

    it('describes a slow event and a slow resource for the collector', async () => {
      const { fake, tracker, sent } = setup();
      tracker.start();
      const button = document.createElement('button');
      button.id = 'save';
      fake.perf.emit(
        { entryType: 'event', name: 'click', startTime: 10, duration: 180, processingStart: 12, target: button },
        {
          entryType: 'resource',
          name: 'https://cdn.example.com/a.js?token=s3cr3t',
          initiatorType: 'script',
          duration: 400,
        },
      );
      const [event, resource] = await sent();
      expect(event).to.deep.include({ name: 'click', duration: 180, processingStart: 12, target: 'button#save' });
      expect(resource).to.deep.include({
        initiatorType: 'script',
        name: 'https://cdn.example.com/a.js?token=[redacted]',
      });
    });
  });
});
