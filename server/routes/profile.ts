/**
 * The current user and their preferences: `GET /individual/proxy/me`, the language preference
 * (JSON and the suite's older form-encoded endpoint), choosing an uploaded avatar (or none) and
 * changing the password.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { LOCALE_COOKIE } from '../../src/core/i18n/index';
import { languageSchema, passwordSchema } from '../../src/core/validation/rules';
import { check, jsonBody, readForm, readJson } from '../body';
import { currentUser, principalOf, requireUser } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { chooseAvatar, clearAvatar } from '../profile/avatar';
import { emailInfo } from '../profile/email';
import { publicOrigin } from '../profile/origin';
import { changePassword, hasPassword } from '../profile/password';
import { updateLocale } from '../repos/users';
import { insufficientScope, requireScope, requireSessionUser } from '../tokens/bearer';
import { satisfies } from '../tokens/scope-tree';
import { userJson } from '../views';

const invalid = 'validation.invalidType';
const preferencesSchema = v.object({ language: languageSchema }, invalid);
// `null` removes the avatar (the initials show instead).
const avatarSchema = v.object(
  { avatar: v.nullable(v.pipe(v.string(invalid), v.nonEmpty(invalid), v.maxLength(2000, invalid))) },
  invalid,
);
// A missing new password reads as '' so the rule reports "required" on its field.
const passwordBody = v.object(
  { new_password: v.optional(passwordSchema, ''), old_password: v.optional(v.string(invalid)) },
  invalid,
);

/** The token scope (server/tokens/scope-tree.ts) that reads the personal profile. */
const PROFILE_SCOPE = 'user:profile';

/** Routes of the profile domain. */
export function profileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // Who the caller is, for any token (a whoami). The email and whether the account has a password
  // are profile data, so a token needs the profile scope for them, as for the preferences and the
  // bindings. The email is refused rather than left out (`email: null` already means "no
  // address", and must not be read as that); `has_password` is simply left out, since nothing
  // but the profile page reads it and that page always asks for the email too.
  app.get('/individual/proxy/me', requireUser, async (c) => {
    const withEmail = ['true', '1'].includes(c.req.query('with_email_info') ?? '');
    const principal = principalOf(c);
    const readsProfile = principal.via !== 'bearer' || satisfies(principal.scopes, PROFILE_SCOPE, 'read');
    if (withEmail && !readsProfile) throw insufficientScope();
    const user = await currentUser(deps, c);
    const json = userJson(user, c.get('locale'), withEmail);
    // The email info adds a pending change of the address, when there is one.
    if (withEmail) json.email = await emailInfo(deps, user);
    return c.json(readsProfile ? { ...json, has_password: hasPassword(user) } : json);
  });

  // A token reads preferences with the profile scope and never changes them (account settings
  // belong to the signed-in person, like the password and the email).
  app.get('/users/ajax/v1/my/preferences', requireScope(PROFILE_SCOPE, 'read'), (c) =>
    c.json({ language: principalOf(c).user.locale ?? c.get('locale') }),
  );

  const saveLanguage = async (c: Context<AppEnv>, body: unknown) => {
    const { language } = check(preferencesSchema, body);
    await updateLocale(deps.db, principalOf(c).user.id, language);
    // Keep the §4 cookie (which wins over the saved preference) in step with it.
    setCookie(c, LOCALE_COOKIE, language, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax' });
    return c.json({ language });
  };

  app.put('/users/ajax/v1/my/preferences', requireSessionUser, async (c) => saveLanguage(c, await readJson(c)));
  app.put('/api/ajax/teambition/api/users/language', requireSessionUser, async (c) =>
    saveLanguage(c, await readForm(c)),
  );

  app.put('/individual/proxy/my/avatar', requireSessionUser, async (c) => {
    const { avatar } = await jsonBody(c, avatarSchema);
    const userId = principalOf(c).user.id;
    const saved =
      avatar === null
        ? await clearAvatar(deps, userId)
        : await chooseAvatar(deps, userId, avatar, publicOrigin(c, deps.config));
    return c.json({ avatar: saved });
  });

  // `user_agent` and `umid-token` headers (§7) are accepted; nothing here depends on them.
  app.put('/users/ajax/v1/my/password', requireSessionUser, async (c) => {
    const body = await jsonBody(c, passwordBody);
    const principal = principalOf(c);
    if (principal.via !== 'session') throw new Error('requireSessionUser let a token through');
    const signedOut = await changePassword(
      deps,
      await currentUser(deps, c),
      principal.session,
      { newPassword: body.new_password, oldPassword: body.old_password },
      c.get('locale'),
    );
    c.get('log').info('password changed', { signedOutSessions: signedOut });
    return c.json({ signed_out_sessions: signedOut });
  });

  return app;
}
