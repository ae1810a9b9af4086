/**
 * The steps after a password (issue 7, §7): the emailed code of a risky sign-in or of a forgotten
 * password, the forced password change, and the forgot-password check and reset. What each step
 * needs is in login/recovery.ts.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { jsonBody } from '../body';
import { requireSession } from '../auth/middleware';
import { startSession } from '../auth/sessions';
import type { AppDeps, AppEnv } from '../context';
import { changeRequiredPassword, checkAccount, mailCode, resetPassword, verifyCode } from '../login/recovery';
import { codeSchema, passwordSchema } from '../../src/core/validation/rules';

const invalid = 'validation.invalidType';
const codeBody = v.object({ code: v.optional(codeSchema, '') }, invalid);
// A missing new password reads as '' so the rule reports "required" on its field.
const passwordBody = v.object(
  { new_password: v.optional(passwordSchema, ''), old_password: v.optional(v.string(invalid)) },
  invalid,
);

const USER = '/users/ajax/users/:username';

/** Routes of the code, forced-change and forgot-password steps. */
export function recoveryRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const username = (c: Context<AppEnv>) => c.req.param('username') ?? '';

  // A GET, so no CSRF token is needed; the flow it starts is tied to the browser's session,
  // opened here when the page did not open one yet.
  app.get(`${USER}/check`, async (c) => {
    if (!c.get('session') && c.get('principal')?.via !== 'bearer') {
      c.set('session', await startSession(deps, c, null, null));
    }
    return c.json(await checkAccount(deps, c, username(c)));
  });

  app.post(`${USER}/emailCaptcha`, requireSession, async (c) => c.json(await mailCode(deps, c, username(c))));

  app.post(`${USER}/emailCaptcha:verify`, requireSession, async (c) => {
    const { code } = await jsonBody(c, codeBody);
    return c.json(await verifyCode(deps, c, username(c), code));
  });

  const setPassword = async (c: Context<AppEnv>, allowOld: boolean) => {
    const body = await jsonBody(c, passwordBody);
    if (allowOld && body.old_password !== undefined) {
      const input = { oldPassword: body.old_password, newPassword: body.new_password };
      return c.json(await changeRequiredPassword(deps, c, username(c), input));
    }
    return c.json(await resetPassword(deps, c, username(c), body.new_password));
  };
  app.put(`${USER}/password:reset`, requireSession, (c) => setPassword(c, true));
  // §7's other name for the last forgot-password step.
  app.post(`${USER}/password:retrieve`, requireSession, (c) => setPassword(c, false));

  return app;
}
