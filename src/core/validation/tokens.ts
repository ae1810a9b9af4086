/**
 * Personal access token rules (§5): name, description, scopes (expiry: ./expiry).
 * Part of the rules of §5 (./rules); pure, the server imports it under Node.
 */
import * as v from 'valibot';
import { chars, k, visible } from './validate';

/** Token name: required (a name of spaces or invisible characters only is none), at most 200
 * characters (the token form's reading of §5). */
export const tokenNameSchema = v.pipe(
  v.string(k('validation.tokenName.required')),
  visible(k('validation.tokenName.required')),
  v.check((s) => chars(s) <= 200, k('validation.tokenName.max')),
);

/** Token description: optional; when present, 1 to 200 characters. Omit the field when empty. */
export const tokenDescriptionSchema = v.optional(
  v.pipe(
    v.string(k('validation.invalidType')),
    v.check((s) => chars(s) >= 1, k('validation.description.min')),
    v.check((s) => chars(s) <= 200, k('validation.description.max')),
  ),
);

/** Token scopes: a list of scope keys, at least one. */
export const tokenScopesSchema = v.pipe(
  v.array(
    v.pipe(v.string(k('validation.invalidType')), v.nonEmpty(k('validation.invalidType'))),
    k('validation.scopes.required'),
  ),
  v.minLength(1, k('validation.scopes.required')),
);
