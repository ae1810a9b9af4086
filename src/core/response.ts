/**
 * Checks the shape of a server answer before a component trusts it: a malformed answer becomes
 * an ordinary `[error, null]` pair (kind `malformed`), so the element shows its error state with
 * Retry instead of crashing on a missing field.
 */
import * as v from 'valibot';
import { HttpError } from './http';
import type { HttpResult } from './http';
import type { Translate } from './i18n/index';

/** Validates the value of a successful call against `schema`; errors pass through unchanged.
 * @example const [error, page] = expectShape(await http.post('/x:search', body), pageSchema, t); */
export function expectShape<S extends v.GenericSchema>(
  result: HttpResult<unknown>,
  schema: S,
  t: Translate,
  request: { method?: string; url?: string } = {},
): HttpResult<v.InferOutput<S>> {
  const [error, value] = result;
  if (error) return [error, null];
  const parsed = v.safeParse(schema, value);
  if (parsed.success) return [null, parsed.output];
  return [
    new HttpError({
      kind: 'malformed',
      status: 200,
      code: 'malformed',
      messageKey: 'http.malformed',
      message: t('http.malformed'),
      body: value,
      method: request.method ?? '',
      url: request.url ?? '',
    }),
    null,
  ];
}
