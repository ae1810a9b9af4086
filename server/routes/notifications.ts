/**
 * The message centre (§7 Notifications): list, mark read, delete, unread counts and the live
 * stream, under `/users/ajax/v1/notifications/inbox/messages`. A signed-in browser only: the
 * inbox holds security notices, which an access token must not be able to read or delete.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { validate } from '../../src/core/validation/rules';
import { readJson } from '../body';
import { principalOf } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { errors } from '../errors';
import { messageHub } from '../notifications/hub';
import * as inbox from '../notifications/inbox';
import { messageStream } from '../notifications/stream';
import { requireSessionUser } from '../tokens/bearer';

/** The inbox's base path (src/features/notifications/api.ts `INBOX_PATH`). */
export const INBOX_PATH = '/users/ajax/v1/notifications/inbox/messages';

/** Most ids one batch call may name. */
export const MAX_BATCH_IDS = 500;
/** Largest page. @default 20 when the client sends none */
export const MAX_PAGE_SIZE = 100;

const appSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(64));
const idsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(64))),
  v.minLength(1),
  v.maxLength(MAX_BATCH_IDS),
);

const listSchema = v.object({
  tab: v.optional(v.picklist(['all', 'unread']), 'all'),
  app: v.nullish(appSchema),
  page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)), 20),
  next_token: v.nullish(v.pipe(v.string(), v.maxLength(512))),
});

const readSchema = v.object({
  ids: v.optional(idsSchema),
  all: v.optional(v.literal(true)),
  app: v.nullish(appSchema),
});

const deleteSchema = v.object({
  ids: v.optional(idsSchema),
  read: v.optional(v.literal(true)),
  app: v.nullish(appSchema),
});

/** The body checked against `schema`; the first problem is a 400 naming its field. */
async function body<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  const result = validate(schema, await readJson(c));
  if (result.ok) return result.value;
  // "ids.3" → "ids": the client's field, not valibot's path into it.
  throw errors.invalid(result.issues[0]?.path.split('.')[0] || 'body');
}

/** Exactly one of the two ways to choose messages, or a 400 naming the first. */
function oneOf(ids: string[] | undefined, flag: true | undefined, name: string): void {
  if ((ids === undefined) === (flag === undefined)) throw errors.invalid(ids === undefined ? name : 'ids');
}

/** Routes of the notifications domain. */
export function notificationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const hub = messageHub(deps);
  const userId = (c: Context<AppEnv>) => principalOf(c).user.id;
  const session = requireSessionUser;

  app.post(`${INBOX_PATH}:list`, session, async (c) => {
    const { tab, app: appId, page_size, next_token } = await body(c, listSchema);
    const page = await inbox.listMessages(deps, userId(c), {
      tab,
      app: appId ?? undefined,
      pageSize: page_size,
      nextToken: next_token ?? undefined,
      locale: c.get('locale'),
    });
    return c.json(page);
  });

  app.post(`${INBOX_PATH}/unread:countGroupByApp`, session, async (c) =>
    c.json(await inbox.unreadCounts(deps, userId(c))),
  );

  app.post(`${INBOX_PATH}/read`, session, async (c) => {
    const { ids, all, app: appId } = await body(c, readSchema);
    oneOf(ids, all, 'all');
    return c.json(await inbox.markManyRead(deps, userId(c), { ids, app: appId ?? undefined }));
  });

  app.post(`${INBOX_PATH}:batchDelete`, session, async (c) => {
    const { ids, read, app: appId } = await body(c, deleteSchema);
    oneOf(ids, read, 'read');
    return c.json(await inbox.deleteMany(deps, userId(c), { ids, readOnly: read, app: appId ?? undefined }));
  });

  app.get(`${INBOX_PATH}/stream`, session, (c) => messageStream(deps, hub, c, userId(c)));

  app.post(`${INBOX_PATH}/:id/read`, session, async (c) =>
    c.json(await inbox.markOneRead(deps, userId(c), c.req.param('id'))),
  );

  app.delete(`${INBOX_PATH}/:id`, session, async (c) =>
    c.json(await inbox.deleteOne(deps, userId(c), c.req.param('id'))),
  );

  return app;
}
