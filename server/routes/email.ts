/**
 * Email binding (§7 Email): bind, rebind (change or resend), unbind (or cancel a pending change)
 * and verify. Bind, rebind and unbind answer with the account's email info as it now stands
 * (with `pending` while a change of a verified address waits for its link; null once unbound);
 * verify with the verified address.
 *
 * Verify needs no signed-in user (the link may be opened in another browser; the token names
 * the account) but does need a session or the page's pre-session, so the CSRF check has run.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { emailSchema } from '../../src/core/validation/rules';
import { jsonBody } from '../body';
import { currentUser, requireSession } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { sendActivation, unbind, verify } from '../profile/email';
import { publicOrigin } from '../profile/origin';
import { requireSessionUser } from '../tokens/bearer';

const invalid = 'validation.invalidType';
// A missing address reads as '' so the shared rule reports "required" on the `email` field.
const addressBody = v.object({ email: v.optional(emailSchema, '') }, invalid);
const tokenBody = v.object({ token: v.optional(v.pipe(v.string(invalid), v.maxLength(200, invalid)), '') }, invalid);

/** Routes of the email domain. */
export function emailRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const send = (mode: 'bind' | 'rebind') =>
    app.post(`/users/ajax/v1/my/emails:${mode}`, requireSessionUser, async (c) => {
      const { email } = await jsonBody(c, addressBody);
      // The row is read here; the service rechecks on write.
      const user = await currentUser(deps, c);
      const result = await sendActivation(deps, user, email, mode, publicOrigin(c, deps.config), c.get('locale'));
      c.get('log').info('activation mail sent', { kind: result.kind });
      return c.json({ email: result.email, sent: true });
    });
  send('bind');
  send('rebind');

  app.post('/individual/proxy/my/email:unbind', requireSessionUser, async (c) => {
    const { email } = await jsonBody(c, addressBody);
    // With the address of a pending change, this cancels the change (server/profile/email.ts).
    return c.json({ email: await unbind(deps, await currentUser(deps, c), email, c.get('locale')) });
  });

  app.post('/individual/proxy/my/email:verify', requireSession, async (c) => {
    const { token } = await jsonBody(c, tokenBody);
    const user = c.get('principal')?.user;
    const email = await verify(deps, token, user ? { userId: user.id, locale: c.get('locale') } : null);
    return c.json({ email });
  });

  return app;
}
