/**
 * A real S3-compatible server for tests: s3rver on 127.0.0.1, behind a small proxy that checks
 * every AWS Signature V4 against the one secret it knows and records the requests. The proxy is
 * there because s3rver 3 accepts any V4 signature of a key id it knows; real S3, MinIO and Ceph
 * do not, so a wrong secret or a request changed after signing must fail here too. The check is
 * written from the SigV4 specification with node:crypto, independently of the signer under test.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../../server/storage/s3';

/** One request the proxy saw, and what it answered. */
export interface SeenRequest {
  method: string;
  path: string;
  status: number;
}

export interface TestBucket {
  /** The proxy's address: what the server under test is pointed at. */
  endpoint: string;
  /** s3rver itself, for reads that bypass the server under test (unsigned; s3rver allows it). */
  directEndpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** A configuration for the server under test; `overrides` to get one thing wrong. */
  config(overrides?: Partial<S3Config>): S3Config;
  /** Every request that reached the proxy, oldest first. */
  requests: SeenRequest[];
  /** While set, every request (or, with `method`, every request of that method) gets this error
   * answer instead of reaching s3rver; with `until`, only once that settles (a stalled store). */
  outage: { status: number; code: string; method?: string; until?: Promise<unknown> } | undefined;
  /** Keys in the bucket, sorted, read straight from s3rver. */
  keys(): Promise<string[]>;
  /** An object read straight from s3rver. */
  object(key: string): Promise<{ status: number; contentType: string | null; bytes: Uint8Array }>;
  /** Removes every bucket (as an operator deleting the bucket would). */
  wipe(): void;
  close(): Promise<void>;
}

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const errorXml = (code: string, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message>${extra}</Error>`;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Checks a request signed with `accessKeyId`: the error answer to give, or undefined when the
 * signature is right (or made with another key id, which s3rver then judges itself).
 */
function signatureProblem(
  req: IncomingMessage,
  body: Buffer,
  key: { accessKeyId: string; secretAccessKey: string; region: string },
): { code: string; extra?: string } | undefined {
  const auth = req.headers.authorization;
  if (!auth) return undefined;
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/,]+)\/(\d{8})\/([^/,]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return { code: 'AuthorizationHeaderMalformed' };
  const [, accessKeyId, date, region, signedHeaders, signature] = m as unknown as string[];
  if (accessKeyId !== key.accessKeyId) return undefined;
  if (region !== key.region) return { code: 'AuthorizationHeaderMalformed' };
  const names = signedHeaders!.split(';');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payload = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((h) => names.includes(h)) || !amzDate.startsWith(date!)) {
    return { code: 'AccessDenied' };
  }
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256Hex(body)) return { code: 'XAmzContentSHA256Mismatch' };
  const url = new URL(req.url ?? '/', 'http://placeholder');
  const canonicalUri = url.pathname
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = names
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payload].join(
    '\n',
  );
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let signingKey = hmac(`AWS4${key.secretAccessKey}`, date!);
  for (const part of [region!, 's3', 'aws4_request']) signingKey = hmac(signingKey, part);
  if (hmac(signingKey, stringToSign).toString('hex') === signature) return undefined;
  // Real S3 echoes these in its answer; the server under test must not pass them on.
  return {
    code: 'SignatureDoesNotMatch',
    extra: `<AWSAccessKeyId>${accessKeyId}</AWSAccessKeyId><StringToSign>${stringToSign}</StringToSign><SignatureProvided>${signature}</SignatureProvided>`,
  };
}

/** Starts s3rver with one empty bucket, and the checking proxy in front of it. */
export async function startTestBucket(bucket = 'yx-avatars'): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'yx-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const direct = await s3rver.run();
  const directEndpoint = `http://127.0.0.1:${direct.port}`;
  const agent = new Agent({ keepAlive: false });
  // s3rver knows the key id S3RVER; the secret is the proxy's own, distinctive so tests can
  // prove it never shows up in a message or a log line.
  const key = {
    accessKeyId: 'S3RVER',
    secretAccessKey: `yx-secret-${randomBytes(12).toString('hex')}`,
    region: 'us-east-1',
  };
  const requests: SeenRequest[] = [];
  const state: { outage: TestBucket['outage'] } = { outage: undefined };

  const answer = (req: IncomingMessage, res: ServerResponse, status: number, body: string) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', status });
    res.writeHead(status, { 'content-type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : body);
  };

  const proxy: Server = createServer((req, res) => {
    readBody(req).then(
      (body) => {
        const { outage } = state;
        if (outage && (!outage.method || outage.method === req.method)) {
          const fail = () => answer(req, res, outage.status, errorXml(outage.code));
          return outage.until ? void outage.until.finally(fail) : fail();
        }
        const problem = signatureProblem(req, body, key);
        // Real S3 answers a malformed or wrong-region credential with 400, a bad signature 403.
        const status = problem?.code === 'AuthorizationHeaderMalformed' ? 400 : 403;
        if (problem) return answer(req, res, status, errorXml(problem.code, problem.extra));
        const upstream = request(
          { host: '127.0.0.1', port: direct.port, method: req.method, path: req.url, headers: req.headers, agent },
          (reply) => {
            requests.push({ method: req.method ?? '', path: req.url ?? '', status: reply.statusCode ?? 0 });
            res.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(res);
          },
        );
        upstream.on('error', () => answer(req, res, 502, errorXml('BadGateway')));
        upstream.end(body);
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  return {
    endpoint,
    directEndpoint,
    bucket,
    ...key,
    config: (overrides = {}) => ({ endpoint, bucket, ...key, ...overrides }),
    requests,
    get outage() {
      return state.outage;
    },
    set outage(value) {
      state.outage = value;
    },
    async keys() {
      const res = await fetch(`${directEndpoint}/${bucket}?max-keys=1000`);
      const xml = await res.text();
      if (!res.ok) throw new Error(`listing ${bucket} failed: ${res.status} ${xml}`);
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!).sort();
    },
    async object(objectKey) {
      const res = await fetch(`${directEndpoint}/${bucket}/${objectKey}`);
      return {
        status: res.status,
        contentType: res.headers.get('content-type'),
        bytes: new Uint8Array(await res.arrayBuffer()),
      };
    },
    wipe: () => s3rver.reset(),
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      agent.destroy();
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A TCP endpoint that accepts connections and never answers: a hung bucket server. */
export async function startSilentEndpoint(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = createServer(() => {
    // Never answers.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
