import { expect } from '@open-wc/testing';
import { mockApi, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { createTracker } from '../../../src/core/tracker/tracker';
import { createFakeEnvironment } from '../fixtures/tracker-fakes';
import { createHttpClient } from '../../../src/core/http';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import type { TrackerBatch } from '../../../src/core/tracker/types';

const user = () => ({ userId: 'u-1', userName: 'Ann', appName: 'settings', pid: 'p', organizationId: 'org-9' });

describe('usage tracker over real HTTP', () => {
  it('posts a batch the collector can read back, with the browser’s own beacon', async () => {
    const api = await mockApi([{ method: 'POST', path: '/tracking/batch', status: 204 }]);
    const beacons: boolean[] = [];
    const sendBeacon = (url: string, data: Blob) => {
      const accepted = navigator.sendBeacon(url, data);
      beacons.push(accepted);
      return accepted;
    };
    const endpoint = `${api.host}/tracking/batch`;
    const tracker = createTracker({ endpoint, user, performance: false, env: { sendBeacon } });
    tracker.start();
    try {
      tracker.reportApiError({
        method: 'POST',
        url: '/users/ajax/v1/my/tokens',
        status: 500,
        message: 'System exception, please try again',
        requestBody: { name: 'ci', token: 'never-sent' },
      });
      let calls: MockCall[] = [];
      const poll = async () => (calls = (await api.calls()).filter((c) => c.path === '/tracking/batch'));
      await poll();
      expect(calls, 'nothing before the idle second').to.have.length(0);
      await waitFor(() => (void poll(), calls.length > 0), { timeout: 5_000, message: 'the batch to arrive' });
      const batch = calls[0];
      expect(calls, 'one batch').to.have.length(1);
      expect(beacons, 'sent by a beacon the browser accepted').to.deep.equal([true]);
      expect(batch!.method).to.equal('POST');
      expect(batch!.headers['content-type']).to.equal('application/json');
      const { entries } = batch!.body as TrackerBatch;
      expect(entries).to.have.length(1);
      expect(entries[0]).to.deep.include({
        kind: 'api-error',
        status: 500,
        requestUrl: '/users/ajax/v1/my/tokens',
        user_type: 101,
        userId: 'u-1',
        url: location.href,
      });
      expect(JSON.stringify(entries)).not.to.contain('never-sent');
    } finally {
      tracker.stop();
    }
  });

  it('reports a failed call of the real HTTP client with its message cut to 50 characters', async () => {
    const fake = createFakeEnvironment();
    const tracker = createTracker({ endpoint: '/collect', user, env: fake.env, performance: false });
    tracker.start();
    const http = createHttpClient({ settings: () => ({ ...DEFAULT_SETTINGS, locale: 'en_US' }) });
    try {
      const [error] = await http.post('/__fixture/status/500', { password: 'never-sent' });
      expect(error?.message.length).to.be.greaterThan(50);
      fake.clock.tick(1_000);
      const [entry] = (await fake.batches()).flatMap((b) => b.entries);
      expect(entry).to.deep.include({
        kind: 'api-error',
        method: 'POST',
        status: 500,
        errorKind: 'server',
        code: 'fixture_error',
        requestId: 'req-fixture-42',
        message: error!.message.slice(0, 50),
        user_type: 101,
      });
      if (entry?.kind !== 'api-error') throw new Error('expected an api-error');
      expect(entry.message).to.have.length(50);
      expect(entry.requestUrl).to.equal('/__fixture/status/500');
      expect(JSON.parse(entry.response!)).to.deep.include({ message: 'Fixture failure' });
    } finally {
      tracker.stop();
    }
  });

  it('stops reporting the HTTP client’s failures once stopped', async () => {
    const fake = createFakeEnvironment();
    const tracker = createTracker({ endpoint: '/collect', user, env: fake.env, performance: false });
    tracker.start();
    tracker.stop();
    const http = createHttpClient({ settings: () => ({ ...DEFAULT_SETTINGS, locale: 'en_US' }) });
    await http.get('/__fixture/status/503');
    fake.clock.tick(5_000);
    expect(tracker.pending).to.equal(0);
    expect(fake.beacons).to.have.length(0);
  });

  it('reports the real page load from navigation timing', async () => {
    const fake = createFakeEnvironment();
    const tracker = createTracker({
      endpoint: '/collect',
      user,
      env: { ...fake.env, PerformanceObserver, getEntriesByType: (type) => performance.getEntriesByType(type) },
      httpErrors: false,
    });
    tracker.start();
    fake.clock.tick(100);
    tracker.stop();
    const perf = (await fake.batches()).flatMap((b) => b.entries).find((e) => e.kind === 'performance');
    if (perf?.kind !== 'performance') throw new Error('expected a performance entry');
    expect(perf.loadTime).to.be.within(0, 20_000);
    expect(perf.navigationType).to.equal('navigate');
  });
});
