import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ConfigError, loadConfig } from '../../server/config';
import { storageDescription } from '../../server/storage/index';
import { avatarSweepDone } from '../../server/profile/avatar';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { padded, uploadAvatar } from './helpers/avatars';
import { EVIL_SVG, gif, jpeg, png } from './helpers/profile-images';
import { startSilentEndpoint, startTestBucket } from './helpers/s3';
import type { TestBucket } from './helpers/s3';

let database: TestDatabase;
let bucket: TestBucket;

before(async () => {
  database = await createTestDatabase();
  bucket = await startTestBucket();
});
after(async () => {
  await bucket.close();
  await database.dispose();
});

const MB = 1_048_576;
const nameOf = (url: string) => new URL(url).pathname.split('/').pop()!;

async function signedIn(server: TestServer, username: string, password: string) {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', 'en_US');
  assert.equal((await browser.login(username, password)).status, 200);
  return browser;
}

/** Nothing a reader of messages or logs could use to sign requests as us. */
function assertNoCredentials(text: string) {
  assert.ok(!text.includes(bucket.secretAccessKey), 'the secret access key leaked');
  assert.doesNotMatch(text, /AWS4-HMAC-SHA256|Signature=|SignatureProvided|StringToSign/);
}

describe('given uploads kept in an S3 bucket', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(database, { config: { s3: bucket.config() } });
  });
  after(() => server.close());

  for (const [kind, bytes, extension, type] of [
    ['PNG', png(3, 2), 'png', 'image/png'],
    ['GIF', gif(), 'gif', 'image/gif'],
  ] as const) {
    it(`puts a real ${kind} into the bucket and serves it with its type, nosniff and a year of cache`, async () => {
      const browser = await signedIn(server, 'demo', 'Demo@2026');
      const answer = await uploadAvatar(browser, bytes, `../me.${extension}`, type);
      assert.equal(answer.status, 201, answer.text);
      assert.match(answer.body.url, new RegExp(`^${server.url}/objects/avatars/[0-9a-f]{32}\\.${extension}$`));
      const key = `avatars/${nameOf(answer.body.url)}`;

      const stored = await bucket.object(key);
      assert.equal(stored.status, 200);
      assert.equal(stored.contentType, type);
      assert.deepEqual(stored.bytes, bytes);
      assert.ok(
        bucket.requests.some((r) => r.method === 'PUT' && r.path === `/${bucket.bucket}/${key}` && r.status === 200),
      );
      const rows = await server.deps.db.selectFrom('stored_objects').select('key').execute();
      assert.deepEqual(rows, [], 'nothing goes into the database store');

      const served = await fetch(answer.body.url);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), type);
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      assert.match(served.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      assert.match(served.headers.get('cache-control') ?? '', /max-age=31536000.*immutable/);
      assert.deepEqual(new Uint8Array(await served.arrayBuffer()), bytes);
    });
  }

  it('leaves nothing in the bucket when an upload is refused', async () => {
    const browser = await signedIn(server, 'demo', 'Demo@2026');
    const keysBefore = await bucket.keys();
    await avatarSweepDone(server.deps.db); // an earlier upload's look for left-over files
    const requestsBefore = bucket.requests.length;
    for (const [bytes, code] of [
      [EVIL_SVG, 'avatar_invalid_type'],
      ['hello', 'avatar_invalid_type'],
      [padded(png(), MB + 1), 'avatar_too_large'],
      [png(1, 1, { width: 5000, height: 5000 }), 'avatar_dimensions_too_large'],
    ] as const) {
      const answer = await uploadAvatar(browser, bytes, 'cat.png', 'image/png');
      assert.ok([400, 413].includes(answer.status), `${code}: ${answer.status}`);
      assert.equal(answer.body.code, code);
    }
    assert.deepEqual(await bucket.keys(), keysBefore);
    assert.equal(bucket.requests.length, requestsBefore, 'a refused upload never reaches the bucket');
  });

  it('deletes the previous avatar from the bucket when a new one is chosen', async () => {
    const browser = await signedIn(server, 'alice', 'Alice@2026');
    const first = (await uploadAvatar(browser, png())).body.url;
    assert.equal((await browser.put('/individual/proxy/my/avatar', { avatar: first })).status, 200);
    server.clock.advance(1000);
    const second = (await uploadAvatar(browser, jpeg(), 'b.jpg', 'image/jpeg')).body.url;
    assert.equal((await browser.put('/individual/proxy/my/avatar', { avatar: second })).status, 200);

    const keys = await bucket.keys();
    assert.ok(!keys.includes(`avatars/${nameOf(first)}`), 'the old avatar is gone from the bucket');
    assert.ok(keys.includes(`avatars/${nameOf(second)}`));
    assert.equal((await bucket.object(`avatars/${nameOf(first)}`)).status, 404);
    assert.equal((await fetch(first)).status, 404);
    const served = await fetch(second);
    assert.equal(served.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), jpeg());
  });

  it('keeps the new avatar when the bucket cannot delete the old file at that moment', async () => {
    const browser = await signedIn(server, 'alice', 'Alice@2026');
    const first = (await uploadAvatar(browser, png())).body.url;
    assert.equal((await browser.put('/individual/proxy/my/avatar', { avatar: first })).status, 200);
    server.clock.advance(1000);
    const second = (await uploadAvatar(browser, gif(), 'b.gif', 'image/gif')).body.url;
    const logsBefore = server.logs.length;
    bucket.outage = { status: 503, code: 'SlowDown' };
    let answer;
    try {
      answer = await browser.put('/individual/proxy/my/avatar', { avatar: second });
    } finally {
      bucket.outage = undefined;
    }
    assert.equal(answer.status, 200, 'the avatar is saved, so the answer says so');
    assert.equal((await browser.get('/individual/proxy/me?with_email_info=true')).body.avatar, second);
    const logged = server.logs.slice(logsBefore).join('\n');
    assert.match(logged, /old avatar files not deleted/);
    assertNoCredentials(logged);
    // The old file is no longer the user's: it is never served again, even though it remains.
    assert.equal((await fetch(first)).status, 404);
    assert.equal((await fetch(second)).status, 200);
  });

  it('answers 404 for a name the server never gave, as the other stores do', async () => {
    const answer = await new Client(server.url).get('/objects/avatars/0123456789abcdef0123456789abcdef.png');
    assert.equal(answer.status, 404);
    assert.equal(answer.body.code, 'not_found');
    assert.ok(!server.logs.some((line) => line.includes('unexpected error')));
  });

  it('serves an object stored without a type by the type of its name', async () => {
    const browser = await signedIn(server, 'demo', 'Demo@2026');
    const url = (await uploadAvatar(browser, gif(), 'a.gif', 'image/gif')).body.url;
    // What a bucket answers once a tool that sets no Content-Type has copied the object back in.
    const put = await fetch(`${bucket.directEndpoint}/${bucket.bucket}/avatars/${nameOf(url)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: gif() as BodyInit,
    });
    assert.equal(put.status, 200);
    const served = await fetch(url);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/gif');
  });

  it('never serves a file put in the bucket by anything but an upload', async () => {
    const name = `${'ab'.repeat(16)}.gif`;
    const put = await fetch(`${bucket.directEndpoint}/${bucket.bucket}/avatars/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/gif' },
      body: gif() as BodyInit,
    });
    assert.equal(put.status, 200);
    assert.equal((await fetch(`${server.url}/objects/avatars/${name}`)).status, 404);
  });

  it('fails an upload once, without retrying, while the bucket answers 503, and recovers after', async () => {
    const browser = await signedIn(server, 'demo', 'Demo@2026');
    await avatarSweepDone(server.deps.db); // an earlier upload's look for left-over files
    const requestsBefore = bucket.requests.length;
    const logsBefore = server.logs.length;
    bucket.outage = { status: 503, code: 'SlowDown' };
    let answer;
    try {
      answer = await uploadAvatar(browser, png());
    } finally {
      bucket.outage = undefined;
    }
    assert.equal(answer.status, 500);
    assert.equal(answer.body.code, 'internal_error');
    assert.equal(answer.body.message, 'System exception, please try again');
    assertNoCredentials(answer.text);
    assert.equal(bucket.requests.length - requestsBefore, 1, 'one request, no retry loop');

    const logged = server.logs.slice(logsBefore).join('\n');
    assert.match(logged, /S3 PUT yx-avatars\/avatars\/[0-9a-f]{32}\.png: 503 SlowDown/);
    assertNoCredentials(logged);

    assert.equal((await uploadAvatar(browser, png())).status, 201);
  });
});

describe('given a wrong bucket setting', () => {
  const startWith = (s3: ReturnType<TestBucket['config']>) => startTestServer(database, { config: { s3 } });

  /** The start fails with a message matching `pattern` that carries no credentials. */
  async function assertStartFails(s3: ReturnType<TestBucket['config']>, pattern: RegExp) {
    let failure: unknown;
    await startWith(s3).then(
      (server) => server.close(),
      (error: unknown) => (failure = error),
    );
    assert.ok(failure instanceof Error, 'the server must not start');
    assert.match(failure.message, pattern);
    assertNoCredentials(failure.message);
  }

  it('refuses to start with a wrong secret and says which settings to check', async () => {
    await assertStartFails(
      bucket.config({ secretAccessKey: 'not-the-secret' }),
      /^S3 bucket "yx-avatars" at http:\/\/127\.0\.0\.1:\d+ is not usable: 403 SignatureDoesNotMatch; check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('refuses to start with an access key the bucket server does not know', async () => {
    await assertStartFails(bucket.config({ accessKeyId: 'NOBODY' }), /403 InvalidAccessKeyId; check S3_ACCESS_KEY_ID/);
  });

  it('refuses to start when the bucket does not exist', async () => {
    await assertStartFails(
      bucket.config({ bucket: 'no-such-bucket' }),
      /^S3 bucket "no-such-bucket" .* 404 NoSuchBucket; create the bucket or correct S3_BUCKET$/,
    );
  });

  it('refuses to start when the requests are signed for another region', async () => {
    await assertStartFails(
      bucket.config({ region: 'eu-west-1' }),
      /400 AuthorizationHeaderMalformed; check S3_REGION$/,
    );
  });

  it('refuses to start when nothing listens at the endpoint', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    await assertStartFails(
      bucket.config({ endpoint: `http://127.0.0.1:${port}` }),
      /is not usable: cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)$/,
    );
  });

  it('gives up on an endpoint that never answers instead of hanging', async () => {
    const silent = await startSilentEndpoint();
    try {
      const started = performance.now();
      await assertStartFails(
        bucket.config({ endpoint: silent.endpoint, timeoutMs: 300 }),
        /is not usable: no answer from http:\/\/127\.0\.0\.1:\d+ within 300 ms$/,
      );
      assert.ok(performance.now() - started < 30_000);
    } finally {
      await silent.close();
    }
  });
});

describe('given the bucket is deleted while the server runs', () => {
  it('answers 500 rather than pretending avatars are missing, and logs why', async () => {
    const doomed = await startTestBucket('yx-doomed');
    const server = await startTestServer(database, { config: { s3: doomed.config() } });
    try {
      const browser = await signedIn(server, 'demo', 'Demo@2026');
      const url = (await uploadAvatar(browser, png())).body.url;
      assert.equal((await fetch(url)).status, 200);
      doomed.wipe();

      const upload = await uploadAvatar(browser, png());
      assert.equal(upload.status, 500);
      assert.equal(upload.body.code, 'internal_error');
      const served = await new Client(server.url).get(new URL(url).pathname);
      assert.equal(served.status, 500);
      const logged = server.logs.join('\n');
      assert.match(logged, /S3 PUT yx-doomed\/avatars\/[0-9a-f]{32}\.png: 404 NoSuchBucket/);
      assert.match(logged, /S3 GET yx-doomed\/avatars\/[0-9a-f]{32}\.png: 404 NoSuchBucket/);
      assert.ok(!logged.includes(doomed.secretAccessKey));
    } finally {
      await server.close();
      await doomed.close();
    }
  });
});

describe('configuring the bucket with S3_* variables', () => {
  const full = {
    S3_BUCKET: 'yx-avatars',
    S3_ENDPOINT: 'http://127.0.0.1:9000/',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };

  /** The ConfigError message for `env`. */
  function problemOf(env: NodeJS.ProcessEnv): string {
    try {
      loadConfig(env);
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error.message;
    }
    assert.fail('expected a ConfigError');
  }

  it('reads a complete setting, with us-east-1 as the default region', () => {
    assert.deepEqual(loadConfig(full).s3, {
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'yx-avatars',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: full.S3_SECRET_ACCESS_KEY,
    });
    assert.equal(loadConfig({ ...full, S3_REGION: 'eu-west-1' }).s3?.region, 'eu-west-1');
    assert.equal(loadConfig({}).s3, undefined);
  });

  it('names the variable that is missing', () => {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      assert.match(problemOf({ ...full, [name]: '' }), new RegExp(`^${name} must be set with S3_BUCKET`));
    }
    assert.match(problemOf({ S3_ENDPOINT: full.S3_ENDPOINT }), /^S3_ENDPOINT is set but S3_BUCKET is not/);
  });

  it('refuses a directory and a bucket at once', () => {
    assert.match(problemOf({ ...full, STORAGE_DIR: '/var/lib/yx' }), /^STORAGE_DIR and S3_BUCKET are both set/);
  });

  it('refuses a bad bucket name, endpoint or region', () => {
    assert.match(problemOf({ ...full, S3_BUCKET: 'My_Bucket' }), /^S3_BUCKET must be a bucket name/);
    assert.match(problemOf({ ...full, S3_ENDPOINT: 'ftp://files' }), /^S3_ENDPOINT must be a plain http\(s\) URL/);
    assert.match(problemOf({ ...full, S3_ENDPOINT: '127.0.0.1:9000' }), /^S3_ENDPOINT must be/);
    assert.match(problemOf({ ...full, S3_REGION: 'eu west' }), /^S3_REGION must be a region name/);
  });

  it('never repeats credentials written into the endpoint', () => {
    const message = problemOf({ ...full, S3_ENDPOINT: 'http://AKID:hunter2secret@127.0.0.1:9000' });
    assert.match(message, /^S3_ENDPOINT must not contain credentials/);
    assert.doesNotMatch(message, /hunter2secret|AKID/);
  });

  it('describes where uploads go without the keys', () => {
    const config = loadConfig(full);
    const text = storageDescription(config);
    assert.equal(text, 'S3 bucket "yx-avatars" at http://127.0.0.1:9000 (us-east-1)');
    assert.ok(!text.includes(full.S3_SECRET_ACCESS_KEY) && !text.includes(full.S3_ACCESS_KEY_ID));
    assert.equal(storageDescription(loadConfig({})), 'database');
  });
});

describe('starting the server from the environment', () => {
  /** Runs `server/main.ts` until `done` is true of its output or it exits. */
  function runMain(env: NodeJS.ProcessEnv, done: (stdout: string) => boolean) {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(S3_|STORAGE_DIR$|DATA_DIR$|DATABASE_URL$)/.test(name)),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...clean, ...database.env, PORT: '0', HOST: '127.0.0.1', SSH_PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server/main.ts did not finish in time:\n${stdout}\n${stderr}`));
      }, 120_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
        if (done(stdout)) child.kill('SIGTERM');
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  }

  const s3Env = () => ({
    S3_BUCKET: bucket.bucket,
    S3_ENDPOINT: bucket.endpoint,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
  });

  it('names the bucket in the start-up banner, without the keys', async () => {
    const run = await runMain(s3Env(), (out) => out.includes('Storage:'));
    const line = run.stdout.split('\n').find((l) => l.includes('Storage:'));
    assert.equal(line?.trim(), `Storage:   S3 bucket "yx-avatars" at ${bucket.endpoint} (us-east-1)`, run.stderr);
    assertNoCredentials(run.stdout + run.stderr);
    assert.ok(!(run.stdout + run.stderr).includes(`${bucket.accessKeyId}/`), 'no credential scope either');
  });

  it('exits with a clear message when the secret is wrong', async () => {
    const run = await runMain({ ...s3Env(), S3_SECRET_ACCESS_KEY: 'not-the-secret-at-all' }, () => false);
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /403 SignatureDoesNotMatch; check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    assert.ok(!(run.stdout + run.stderr).includes('not-the-secret-at-all'));
    assert.ok(!run.stdout.includes('Storage:'), 'it never said it was ready');
  });

  it('exits with a configuration error naming a missing variable', async () => {
    const run = await runMain({ ...s3Env(), S3_ENDPOINT: '' }, () => false);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^Configuration error: S3_ENDPOINT must be set with S3_BUCKET/);
    assertNoCredentials(run.stderr);
  });
});
