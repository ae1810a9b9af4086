/**
 * Objects in an S3-compatible bucket (`S3_BUCKET` and friends): AWS S3, MinIO, Ceph RGW, s3rver…
 * Requests are path-style (`<endpoint>/<bucket>/<key>`), the one addressing every compatible
 * server accepts, and signed with AWS Signature V4. Each request has a deadline and is never
 * retried, so a dead bucket fails one upload quickly instead of holding it (aws4fetch would
 * otherwise retry 5xx answers ten times with back-off). Errors name the status and the S3 error
 * code only: S3 error bodies can echo the string to sign and the signature, so nothing else of
 * them is kept.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { contentTypeOfName } from '../profile/image';
import type { ObjectStorage } from './types';
import { assertFolder, assertKey, LIST_PAGE_SIZE, OBJECT_KEY } from './types';

/** A configured bucket. */
export interface S3Config {
  /** `S3_ENDPOINT`: http(s) origin, optionally with a path prefix; no trailing slash. */
  endpoint: string;
  /** `S3_BUCKET` */
  bucket: string;
  /** `S3_REGION`, part of the signature. @default 'us-east-1' */
  region: string;
  /** `S3_ACCESS_KEY_ID` */
  accessKeyId: string;
  /** `S3_SECRET_ACCESS_KEY`: never logged nor put in a message. */
  secretAccessKey: string;
  /** Deadline of one request, answer body included. @default 10000 */
  timeoutMs?: number;
}

/** Deadline of one request to the bucket when the configuration sets none. */
export const S3_TIMEOUT_MS = 10_000;

/** The variables that configure a bucket; any of them without `S3_BUCKET` is a mistake. */
const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** AWS's bucket naming rule (3–63 lowercase letters, digits, dots, hyphens), which every
 * compatible server accepts. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** A failed request to the bucket. Deliberately no `code` property: the error middleware reads
 * `code` as a database or network code (ECONNREFUSED would become "database unavailable"). */
export class S3RequestError extends Error {
  override name = 'S3RequestError';
  constructor(
    message: string,
    /** The HTTP status, when the bucket answered. */
    readonly status?: number,
    /** The S3 error code of the answer (`NoSuchBucket`, `AccessDenied`…), when it had one. */
    readonly s3Code?: string,
  ) {
    super(message);
  }
}

/** Reads the bucket settings; the problem as text (config.ts turns it into a ConfigError). */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): { config: S3Config | undefined; problem?: string } {
  const get = (name: string) => env[name]?.trim() || undefined;
  const fail = (problem: string) => ({ config: undefined, problem });
  const bucket = get('S3_BUCKET');
  if (!bucket) {
    const stray = S3_VARIABLES.find((name) => get(name));
    return stray
      ? fail(`${stray} is set but S3_BUCKET is not: set S3_BUCKET or remove ${stray}`)
      : { config: undefined };
  }
  if (get('STORAGE_DIR')) {
    return fail('STORAGE_DIR and S3_BUCKET are both set: keep uploaded files in a directory or in a bucket, not both');
  }
  if (!BUCKET_NAME.test(bucket)) {
    return fail(`S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  }
  const rawEndpoint = get('S3_ENDPOINT');
  if (!rawEndpoint) {
    return fail(
      'S3_ENDPOINT must be set with S3_BUCKET (e.g. http://127.0.0.1:9000 or https://s3.us-east-1.amazonaws.com)',
    );
  }
  const endpoint = endpointOf(rawEndpoint);
  if (typeof endpoint !== 'string') return fail(endpoint.problem);
  const region = get('S3_REGION') ?? 'us-east-1';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(region))
    return fail(`S3_REGION must be a region name such as eu-west-1, got "${region}"`);
  const accessKeyId = get('S3_ACCESS_KEY_ID');
  if (!accessKeyId) return fail('S3_ACCESS_KEY_ID must be set with S3_BUCKET');
  // Taken as is, not trimmed: a secret is whatever the operator pasted.
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!secretAccessKey?.trim()) return fail('S3_SECRET_ACCESS_KEY must be set with S3_BUCKET');
  return { config: { endpoint, bucket, region, accessKeyId, secretAccessKey } };
}

/** `S3_ENDPOINT` checked and without its trailing slash. */
function endpointOf(raw: string): string | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `S3_ENDPOINT must be an http(s) URL such as http://127.0.0.1:9000, got "${raw}"` };
  }
  // Never echo a value that carries credentials: they belong in the S3_*_KEY variables.
  if (url.username || url.password) {
    return { problem: 'S3_ENDPOINT must not contain credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' };
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    return { problem: `S3_ENDPOINT must be a plain http(s) URL without query, got "${raw}"` };
  }
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

/** What to check when the bucket refuses the start-up check. */
function hintFor(status: number, s3Code: string | undefined): string {
  if (s3Code === 'NoSuchBucket' || (status === 404 && !s3Code)) return 'create the bucket or correct S3_BUCKET';
  if (status === 301 || /Region|Redirect|AuthorizationHeaderMalformed/.test(s3Code ?? '')) return 'check S3_REGION';
  if (status === 401 || status === 403) {
    return 'check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that they may list, read, write and delete in the bucket';
  }
  return 'check S3_ENDPOINT and the bucket server';
}

/** The S3 error code of an error answer, if it has a well-formed one. */
async function s3CodeOf(res: Response): Promise<string | undefined> {
  const text = await res.text().catch(() => '');
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text.slice(0, 8192))?.[1];
}

/** An XML element's text with its predefined entities undone: keys the server makes need no
 * more (anything else fails {@link OBJECT_KEY}), and the marker of the next page is a key. */
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (raw: string) => raw.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);

/** One page of a ListObjects answer: each object's key and Last-Modified, and whether the listing
 * goes on after the last of them. */
function listPage(xml: string): { objects: Array<{ key: string; modified: Date }>; truncated: boolean } {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap(([, contents]) => {
    const key = /<Key>([^<]*)<\/Key>/.exec(contents!)?.[1];
    const modified = new Date(/<LastModified>([^<]*)<\/LastModified>/.exec(contents!)?.[1] ?? '');
    return key === undefined || Number.isNaN(modified.getTime()) ? [] : [{ key: xmlText(key), modified }];
  });
  return { objects, truncated: /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml) };
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const EMPTY = new Uint8Array(0);

/** Stores objects in `config.bucket`. Its `check()` lists the bucket once, to fail at start on
 * a wrong endpoint, bucket, region or key rather than at the first upload. */
export function s3Storage(config: S3Config): ObjectStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    retries: 0,
  });
  const timeoutMs = config.timeoutMs ?? S3_TIMEOUT_MS;
  const base = `${config.endpoint}/${config.bucket}`;

  /** One signed request; the answer is handed to `read` under the same deadline. */
  async function send<T>(
    what: string,
    method: string,
    url: string,
    read: (res: Response) => Promise<T>,
    body?: { bytes: Uint8Array; contentType: string },
  ): Promise<T> {
    const headers: Record<string, string> = { 'x-amz-content-sha256': sha256Hex(body?.bytes ?? EMPTY) };
    if (body) headers['content-type'] = body.contentType;
    try {
      const request = await client.sign(url, {
        method,
        headers,
        body: (body?.bytes as Uint8Array<ArrayBuffer> | undefined) ?? null,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return await read(await fetch(request));
    } catch (error) {
      if (error instanceof S3RequestError) throw error;
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new S3RequestError(`${what}: no answer from ${config.endpoint} within ${timeoutMs} ms`);
      }
      // fetch's "fetch failed" says nothing; its cause holds the system code (ECONNREFUSED…).
      const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
      const reason = typeof cause === 'string' ? cause : 'network error';
      throw new S3RequestError(`${what}: cannot reach ${config.endpoint} (${reason})`);
    }
  }

  /** The error for a non-2xx answer (its body read for the code, then dropped). */
  async function failure(what: string, res: Response, hint = false): Promise<S3RequestError> {
    const s3Code = await s3CodeOf(res);
    const answer = `${res.status}${s3Code ? ` ${s3Code}` : ''}`;
    const message = hint ? `${what}: ${answer}; ${hintFor(res.status, s3Code)}` : `${what}: ${answer}`;
    return new S3RequestError(message, res.status, s3Code);
  }

  /** A 404 that means "no such object", not "no such bucket" (which is a misconfiguration). */
  const isMissingObject = (error: S3RequestError) => error.status === 404 && error.s3Code !== 'NoSuchBucket';

  return {
    kind: 's3',
    async put(key, object) {
      assertKey(key);
      const what = `S3 PUT ${config.bucket}/${key}`;
      await send(
        what,
        'PUT',
        `${base}/${key}`,
        async (res) => {
          if (!res.ok) throw await failure(what, res);
          await res.body?.cancel();
        },
        object,
      );
    },
    async get(key) {
      assertKey(key);
      const what = `S3 GET ${config.bucket}/${key}`;
      return send(what, 'GET', `${base}/${key}`, async (res) => {
        if (!res.ok) {
          const error = await failure(what, res);
          if (isMissingObject(error)) return undefined;
          throw error;
        }
        // A bucket answers a generic type for objects stored without one; the server-chosen
        // extension then says what it is.
        const stored = res.headers.get('content-type')?.split(';')[0]?.trim();
        const generic = !stored || /^(application|binary)\/octet-stream$/i.test(stored);
        const contentType = generic ? contentTypeOfName(key) : stored;
        const bytes = new Uint8Array(await res.arrayBuffer());
        return contentType ? { bytes, contentType } : undefined;
      });
    },
    async delete(keys) {
      keys.forEach(assertKey);
      await Promise.all(
        keys.map((key) => {
          const what = `S3 DELETE ${config.bucket}/${key}`;
          return send(what, 'DELETE', `${base}/${key}`, async (res) => {
            if (res.ok) return void (await res.body?.cancel());
            const error = await failure(what, res);
            if (!isMissingObject(error)) throw error;
          });
        }),
      );
    },
    async *listOlder(folder, before) {
      assertFolder(folder);
      const what = `S3 LIST ${config.bucket}/${folder}/`;
      // The original ListObjects, paged by the last key seen (`marker`): every compatible server
      // has it, and deleting listed keys does not shift the next page.
      let marker: string | undefined;
      for (;;) {
        const query = new URLSearchParams({ prefix: `${folder}/`, 'max-keys': `${LIST_PAGE_SIZE}` });
        if (marker) query.set('marker', marker);
        const xml = await send(what, 'GET', `${base}?${query}`, async (res) => {
          if (!res.ok) throw await failure(what, res);
          return res.text();
        });
        const page = listPage(xml);
        const keys = page.objects.filter((o) => OBJECT_KEY.test(o.key) && o.modified < before).map((o) => o.key);
        if (keys.length) yield keys;
        const last = page.objects.at(-1)?.key;
        if (!page.truncated || !last) return;
        marker = last;
      }
    },
    async check() {
      // Listing one key needs the same permission (s3:ListBucket) that lets a missing avatar
      // answer 404 rather than 403, and unlike HEAD its error answer carries the S3 code.
      const what = `S3 bucket "${config.bucket}" at ${config.endpoint} is not usable`;
      await send(what, 'GET', `${base}?max-keys=1`, async (res) => {
        if (!res.ok) throw await failure(what, res, true);
        await res.body?.cancel();
      });
    },
  };
}
