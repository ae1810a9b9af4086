/**
 * What keeps the usage tracker's collector from being flooded: limits per signed-in user or per
 * client address (never per anonymous pre-session, which anyone can open for free), the collector
 * existing only while tracking is on, and the sweep of old entries. Time moves on the fake clock.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createApp } from '../../server/app';
import { sweepTrackingLogs } from '../../server/repos/tracking';
import {
  TRACKING_RATE_LIMITS,
  TRACKING_RETENTION,
  TRACKING_SWEEP_EVERY_MS,
  trackingEnabled,
} from '../../server/routes/tracking';
import { createTestDatabase } from './helpers/database';
import { startTestServer, useTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';

/** Behind a trusted proxy, so each test can report from addresses of its own. */
const server = useTestServer({ config: { trustProxy: true } });

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
const BATCHES = TRACKING_RATE_LIMITS.batches;

/** A valid entry; `pid` tells the rows of one test apart. */
const entry = (pid: string) => ({
  kind: 'js-error',
  userId: 'u_x',
  userName: 'x',
  appName: 'account',
  pid,
  user_type: 101,
  organizationId: 'org_1',
  ts: 1,
  url: 'http://localhost/users/',
  source: 'error',
  message: 'm',
});

/** An address of this test's own, as the trusted proxy would forward it. */
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

/** A browser with a fresh anonymous pre-session, as on the login page. */
async function preSession(on: TestServer = server) {
  const browser = new Client(on.url);
  await browser.pageSettings();
  return browser;
}

const report = (browser: Client, pid: string, address?: string) =>
  browser.post(
    '/tracking/logs',
    { entries: [entry(pid)] },
    {
      csrf: false,
      headers: address ? { 'x-forwarded-for': `203.0.113.9, ${address}` } : {},
    },
  );

const pidIs = (pid: string) => sql<boolean>`entry->>'pid' = ${pid}`;

function rowsOf(pid: string) {
  return server.deps.db.selectFrom('tracking_logs').select(['id', 'created_at']).where(pidIs(pid)).execute();
}

/** Dates the rows of `pid` past the retention, as if kept long ago. */
async function makeOld(pid: string) {
  const long = new Date(server.clock.now().getTime() - TRACKING_RETENTION.maxAgeMs - DAY);
  await server.deps.db.updateTable('tracking_logs').set({ created_at: long }).where(pidIs(pid)).execute();
}

describe('anonymous callers', () => {
  it('share one limit per client address, however many pre-sessions they open', async () => {
    const address = newAddress();
    const pid = `presessions-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < BATCHES; i++) {
      const answer = await report(await preSession(), pid, address);
      assert.equal(answer.status, 204, `batch ${i + 1}: ${answer.text}`);
    }
    const refused = await report(await preSession(), pid, address);
    assert.equal(refused.status, 429, 'a fresh pre-session is no new limit');
    assert.equal(refused.body.code, 'too_many_requests');
    assert.equal(refused.body.retry_after, 60);
    assert.equal((await report(new Client(server.url), pid, address)).status, 429, 'nor is having none');
    assert.equal((await rowsOf(pid)).length, BATCHES);
    // another address is not held back, and a minute later this one may report again
    assert.equal((await report(await preSession(), pid, newAddress())).status, 204);
    server.clock.advance(MINUTE);
    assert.equal((await report(await preSession(), pid, address)).status, 204);
  });

  it('cannot pick their address with X-Forwarded-For when no proxy is trusted', async () => {
    // Its own database: two servers on one PGlite data directory would corrupt it.
    const own = await createTestDatabase();
    const direct = await startTestServer(own, { config: { trustProxy: false }, clock: server.clock });
    try {
      const pid = `direct-${randomBytes(4).toString('hex')}`;
      let kept = 0;
      let refused = 0;
      for (let i = 0; i <= BATCHES; i++) {
        const status = (await report(await preSession(direct), pid, newAddress())).status;
        if (status === 204) kept++;
        if (status === 429) refused++;
      }
      assert.equal(kept, BATCHES);
      assert.equal(refused, 1);
    } finally {
      server.clock.advance(MINUTE);
      await direct.close();
      await own.dispose();
    }
  });
});

describe('signed-in users', () => {
  it('are limited per user, across their sessions and apart from their address', async () => {
    const address = newAddress();
    const pid = `signed-in-${randomBytes(4).toString('hex')}`;
    const first = new Client(server.url);
    const second = new Client(server.url);
    assert.equal((await first.login('alice', 'Alice@2026')).status, 200);
    assert.equal((await second.login('alice', 'Alice@2026')).status, 200);
    for (let i = 0; i < BATCHES; i++) {
      const answer = await report(i % 2 ? first : second, pid, address);
      assert.equal(answer.status, 204, `batch ${i + 1}: ${answer.text}`);
    }
    assert.equal((await report(first, pid, address)).status, 429);
    assert.equal((await report(second, pid, address)).status, 429, 'a second session shares the user’s limit');
    // the user's limit is not the address's: an anonymous page there still reports
    assert.equal((await report(await preSession(), pid, address)).status, 204);
    server.clock.advance(MINUTE);
  });
});

describe('when tracking is off', () => {
  it('has no collector: 404 like any unknown route, and the page settings name none', async () => {
    const config = { ...server.deps.config, seed: 'none' as const };
    assert.equal(trackingEnabled(config), false);
    const app = createApp({ ...server.deps, config });
    const answer = await app.request('/tracking/logs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entries: [entry('off')] }),
    });
    assert.equal(answer.status, 404);
    assert.equal(((await answer.json()) as { code: string }).code, 'not_found');
    const settings = (await (await app.request('/users/ajax/v1/page-settings')).json()) as Record<string, unknown>;
    assert.equal(settings.trackingEndpoint, '');
    assert.deepEqual(await rowsOf('off'), []);
  });

  it('is on in demo mode, where the page settings name it', async () => {
    assert.equal(trackingEnabled(server.deps.config), true);
    const settings = await new Client(server.url).get('/users/ajax/v1/page-settings');
    assert.equal(settings.body.trackingEndpoint, '/tracking/logs');
  });
});

describe('retention', () => {
  it('sweeps entries older than 7 days as new batches arrive, keeping the recent ones', async () => {
    const pid = `old-${randomBytes(4).toString('hex')}`;
    assert.equal((await report(await preSession(), pid, newAddress())).status, 204);
    server.clock.advance(TRACKING_RETENTION.maxAgeMs - DAY);
    const recent = `recent-${randomBytes(4).toString('hex')}`;
    assert.equal((await report(await preSession(), recent, newAddress())).status, 204);
    assert.equal((await rowsOf(pid)).length, 1, 'six days old: kept');

    server.clock.advance(DAY + 1);
    const trigger = `trigger-${randomBytes(4).toString('hex')}`;
    assert.equal((await report(await preSession(), trigger, newAddress())).status, 204);
    assert.deepEqual(await rowsOf(pid), [], 'seven days old: swept');
    assert.equal((await rowsOf(recent)).length, 1);
    assert.equal((await rowsOf(trigger)).length, 1);
  });

  it('sweeps at most once per interval, not on every batch', async () => {
    // a batch after a full interval sweeps, so the next interval starts now
    server.clock.advance(TRACKING_SWEEP_EVERY_MS);
    assert.equal((await report(await preSession(), 'interval-start', newAddress())).status, 204);
    const pid = `interval-${randomBytes(4).toString('hex')}`;
    assert.equal((await report(await preSession(), pid, newAddress())).status, 204);
    await makeOld(pid);

    server.clock.advance(TRACKING_SWEEP_EVERY_MS - 1_000);
    assert.equal((await report(await preSession(), pid, newAddress())).status, 204);
    assert.equal((await rowsOf(pid)).length, 2, 'not swept within the interval');
    server.clock.advance(1_000);
    assert.equal((await report(await preSession(), pid, newAddress())).status, 204);
    assert.equal((await rowsOf(pid)).length, 2, 'the stale row swept once the interval is over');
  });

  it('keeps only the newest rows beyond the cap', async () => {
    const pid = `cap-${randomBytes(4).toString('hex')}`;
    const browser = await preSession();
    const address = newAddress();
    for (let i = 0; i < 3; i++) {
      assert.equal(
        (
          await browser.post(
            '/tracking/logs',
            { entries: [0, 1, 2].map(() => entry(`${pid}-${i}`)) },
            {
              csrf: false,
              headers: { 'x-forwarded-for': address },
            },
          )
        ).status,
        204,
      );
    }
    const total = (await server.deps.db.selectFrom('tracking_logs').select('id').execute()).length;
    const deleted = await sweepTrackingLogs(server.deps.db, server.clock.now(), { maxAgeMs: DAY, maxRows: 4 });
    assert.equal(deleted, total - 4);
    const left = await server.deps.db.selectFrom('tracking_logs').select(['entry']).orderBy('id').execute();
    assert.deepEqual(
      left.map((row) => (row.entry as { pid: string }).pid),
      [`${pid}-1`, `${pid}-2`, `${pid}-2`, `${pid}-2`],
    );
  });
});
