/**
 * The current user and their preferences: `GET /individual/proxy/me`, the language preference
 * (JSON and the suite's older form-encoded endpoint).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { LOCALE_COOKIE } from '../../src/core/i18n/index';
import { languageSchema } from '../../src/core/validation/rules';
import { check, readForm, readJson } from '../body';
import { principalOf, requireUser } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { updateLocale } from '../repos/users';
import { userJson } from '../views';

const preferencesSchema = v.object({ language: languageSchema }, 'validation.invalidType');

/** Routes of the profile domain. */
export function profileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/individual/proxy/me', requireUser, (c) => {
    const withEmail = ['true', '1'].includes(c.req.query('with_email_info') ?? '');
    return c.json(userJson(principalOf(c).user, withEmail));
  });

  app.get('/users/ajax/v1/my/preferences', requireUser, (c) => c.json({ language: principalOf(c).user.locale }));

  const saveLanguage = async (c: Context<AppEnv>, body: unknown) => {
    const { language } = check(preferencesSchema, body);
    await updateLocale(deps.db, principalOf(c).user.id, language);
    // Keep the §4 cookie (which wins over the saved preference) in step with it.
    setCookie(c, LOCALE_COOKIE, language, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax' });
    return c.json({ language });
  };

  app.put('/users/ajax/v1/my/preferences', requireUser, async (c) => saveLanguage(c, await readJson(c)));
  app.put('/api/ajax/teambition/api/users/language', requireUser, async (c) => saveLanguage(c, await readForm(c)));

  return app;
}
