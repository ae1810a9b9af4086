/**
 * Uploaded objects: `POST /objects/ajax/avatars` (multipart field `file`) → `{ url }`, and
 * `GET /objects/avatars/{name}` serving it. Served files can never run as a page or script: their
 * type comes from the server-chosen extension (bytes were checked on upload), with `nosniff`,
 * `inline`, and a CSP that allows nothing. Names are random and contents never change, so they
 * are cached for a year as immutable.
 */
import { Hono } from 'hono';
import { principalOf } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { AVATAR_PATH, AVATAR_UPLOAD_PATH, readAvatar, storeAvatar } from '../profile/avatar';
import { avatarErrors } from '../profile/errors';
import { publicOrigin } from '../profile/origin';
import { requireSessionUser } from '../tokens/bearer';

/** Routes of the objects domain. */
export function objectRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post(AVATAR_UPLOAD_PATH, requireSessionUser, async (c) => {
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) throw avatarErrors.missing();
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      // A cut or garbled multipart body is the client's fault, not a server fault.
      throw avatarErrors.missing();
    }
    const file = form.file;
    if (!(file instanceof File)) throw avatarErrors.missing();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const url = await storeAvatar(deps, principalOf(c).user.id, bytes, publicOrigin(c, deps.config));
    c.get('log').info('avatar uploaded', { size: bytes.byteLength });
    return c.json({ url }, 201);
  });

  app.get(`${AVATAR_PATH}/:name`, async (c) => {
    const object = await readAvatar(deps, c.req.param('name'));
    if (!object) throw avatarErrors.notFound();
    return c.body(object.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': object.contentType,
      'Content-Length': String(object.bytes.byteLength),
      'Content-Disposition': 'inline',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  return app;
}
