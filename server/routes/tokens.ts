/**
 * Personal access tokens (§7 Tokens): the scope tree, the grantable scopes, search, create,
 * update, delete — on the `my/tokens` paths and on the suite's older `tokens` paths, with the
 * same rules. Every route here needs a signed-in browser session: a token cannot manage tokens.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  makeExpirySchema,
  tokenDescriptionSchema,
  tokenNameSchema,
  tokenScopesSchema,
} from '../../src/core/validation/rules';
import { jsonBody } from '../body';
import { principalOf } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { accessContextOf } from '../orgs/access';
import { requireSessionUser } from '../tokens/bearer';
import { scopeTree } from '../tokens/scope-tree';
import * as service from '../tokens/service';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant an accepted `expires_at` stands for: a bare day lasts until its end (server local
 * time, as the shared schema judges it); an ISO value is that instant. */
export function expiryInstant(value: string): Date {
  const day = DAY.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + 1, 0, 0, 0, -1);
  return new Date(value);
}

const invalid = 'validation.invalidType';
const pageNumber = (max: number, fallback: number) =>
  v.optional(v.pipe(v.number(invalid), v.integer(invalid), v.minValue(1, invalid), v.maxValue(max, invalid)), fallback);

const searchSchema = v.object(
  {
    include_expired: v.optional(v.boolean(invalid), true),
    pagination: v.optional(
      v.object({ current_page: pageNumber(100_000, 1), page_size: pageNumber(100, 20) }, invalid),
      {},
    ),
  },
  invalid,
);

const batchSchema = v.object(
  { user_id: v.pipe(v.string(invalid), v.nonEmpty(invalid), v.maxLength(64, invalid)) },
  invalid,
);

/** Spaces around a name or description are not part of it: they go before the shared checks, so
 * what is checked (blank, length) is what is stored. Anything but a string is left for the schema
 * to refuse with its own message. */
const trimmed = <S extends v.GenericSchema<unknown>>(schema: S) =>
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === 'string' ? value.trim() : value)),
    schema,
  );

/** The create and edit body (the same fields). Missing fields default to '' / [] so the shared
 * schemas report them with their own "required" messages. A client's `created_at` is ignored. */
function tokenBodySchema(deps: AppDeps) {
  return v.object(
    {
      name: v.optional(trimmed(tokenNameSchema), ''),
      description: v.nullish(trimmed(tokenDescriptionSchema)),
      expires_at: v.optional(
        makeExpirySchema(() => deps.clock.now()),
        '',
      ),
      token_scopes: v.optional(tokenScopesSchema, []),
    },
    invalid,
  );
}

/** Routes of the tokens domain. */
export function tokenRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const tokenBody = tokenBodySchema(deps);
  const userId = (c: Context<AppEnv>) => principalOf(c).user.id;

  // Per route rather than app.use(path): a sub-app's use() would also run for other modules' routes.
  const sessionOnly = requireSessionUser;

  app.get('/users/ajax/v1/tokens:scopes', sessionOnly, (c) => c.json({ token_scopes: scopeTree(c.get('locale')) }));

  app.get('/users/ajax/v1/tokens:permissions', sessionOnly, async (c) =>
    c.json({ token_scopes: await service.permissionsOf(deps, userId(c)) }),
  );

  app.post('/users/ajax/v1/my/tokens:search', sessionOnly, async (c) => {
    const body = await jsonBody(c, searchSchema);
    const { user } = principalOf(c);
    const page = await service.searchTokens(deps, user.id, user.tokens_version, {
      includeExpired: body.include_expired,
      page: body.pagination.current_page,
      pageSize: body.pagination.page_size,
    });
    return c.body(page, 200, { 'Content-Type': 'application/json' });
  });

  app.post('/users/ajax/v1/tokens:batch', sessionOnly, async (c) => {
    const { user_id } = await jsonBody(c, batchSchema);
    const { user } = principalOf(c);
    return c.json(await service.tokensOfUser(deps, user.id, user_id, accessContextOf(deps, c, user)));
  });

  const create = async (c: Context<AppEnv>) => {
    const body = await jsonBody(c, tokenBody);
    const created = await service.createToken(
      deps,
      userId(c),
      {
        name: body.name,
        description: body.description,
        expiresAt: expiryInstant(body.expires_at),
        scopes: body.token_scopes,
      },
      c.get('locale'),
    );
    return c.json(created, 201);
  };

  const update = async (c: Context<AppEnv>) => {
    const body = await jsonBody(c, tokenBody);
    const updated = await service.updateToken(deps, userId(c), c.req.param('id') ?? '', {
      name: body.name,
      description: body.description,
      expiresAt: expiryInstant(body.expires_at),
      scopes: body.token_scopes,
    });
    return c.json(updated);
  };

  const remove = async (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    await service.deleteToken(deps, userId(c), id, c.get('locale'));
    return c.json({ token_id: id });
  };

  for (const base of ['/users/ajax/v1/my/tokens', '/users/ajax/v1/tokens']) {
    app.post(base, sessionOnly, create);
    app.put(`${base}/:id`, sessionOnly, update);
    app.delete(`${base}/:id`, sessionOnly, remove);
  }

  return app;
}
