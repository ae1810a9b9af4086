/**
 * Reading and validating request bodies with the shared valibot schemas of `src/core/validation`.
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import { validate } from '../src/core/validation/rules';
import type { AppEnv } from './context';
import { errors } from './errors';

/** Largest JSON body any route accepts (uploads have their own limit). */
export const JSON_LIMIT_BYTES = 64 * 1024;

/** Parses the JSON body: 413 when over {@link JSON_LIMIT_BYTES}, 400 `malformed_json` when broken.
 * An empty body reads as `{}`, so a missing field is reported by name rather than as bad JSON. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > JSON_LIMIT_BYTES) throw errors.tooLarge();
  if (bytes.byteLength === 0) return {};
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw errors.malformedJson();
  }
}

/** Reads a form body (`application/x-www-form-urlencoded` or multipart) or, failing that, JSON. */
export async function readForm(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (/application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) return c.req.parseBody();
  return readJson(c);
}

/** Validates with a shared schema; the first problem becomes 400 `invalid_request` naming its field. */
export function check<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = validate(schema, value);
  if (result.ok) return result.value;
  const first = result.issues[0];
  throw errors.invalid(first?.path || 'body', first?.messageKey ?? 'validation.invalidType');
}

/** Reads the JSON body and validates it: {@link readJson} then {@link check}. */
export async function jsonBody<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  return check(schema, await readJson(c));
}
