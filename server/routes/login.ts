/**
 * Sign-in (issue 7): the alternatives the login page lists, the password / directory sign-in,
 * the slider challenge that follows 3 wrong passwords, and OpenID Connect sign-in. The code,
 * forced-change and forgot-password steps are in routes/recovery.ts.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { check, readJson } from '../body';
import { requireSession } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { DIRECTORY_KINDS } from '../ldap/config';
import { nameKey } from '../login/device';
import { loginErrors } from '../login/errors';
import { providersJson } from '../login/providers';
import { signIn } from '../login/signin';
import { createChallenge, verifyChallenge } from '../login/slider';
import { authorizeRedirect, callbackRedirect } from '../login/sso';
import { clientAddress } from '../net/client-ip';
import { loginSchema } from '../../src/core/validation/rules';

const invalid = 'validation.invalidType';
const optionsSchema = v.object(
  {
    mode: v.optional(v.picklist(['password', ...DIRECTORY_KINDS], invalid), 'password'),
    slider_token: v.optional(v.pipe(v.string(invalid), v.maxLength(200, invalid))),
  },
  invalid,
);
const trailSchema = v.object(
  {
    challenge_id: v.pipe(v.string(invalid), v.nonEmpty(invalid), v.maxLength(100, invalid)),
    trail: v.pipe(v.array(v.unknown(), invalid), v.maxLength(2000, invalid)),
  },
  invalid,
);

/** Routes of sign-in. */
export function loginRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/users/ajax/v1/login/providers', (c) => c.json(providersJson(deps.config, c.get('t'))));

  app.post('/users/ajax/login', requireSession, async (c) => {
    const body = await readJson(c);
    const { username, password } = check(loginSchema, body);
    const { mode, slider_token } = check(optionsSchema, body);
    try {
      return c.json(await signIn(deps, c, { username, password, mode, sliderToken: slider_token }));
    } catch (error) {
      c.get('log').info('login refused', { errorCode: (error as { code?: string }).code, mode });
      throw error;
    }
  });

  // Both slider calls are counted per client address (login/slider.ts).
  app.post('/users/ajax/users/:username/sliderCaptcha', requireSession, async (c) =>
    c.json(
      await createChallenge(deps, {
        sessionHash: c.get('session')!.id_hash,
        nameKey: nameKey(c.req.param('username')),
        address: clientAddress(c, deps.config.trustProxy),
      }),
    ),
  );

  app.post('/users/ajax/users/:username/sliderCaptcha:verify', requireSession, async (c) => {
    const { challenge_id, trail } = check(trailSchema, await readJson(c));
    const result = await verifyChallenge(deps, {
      challengeId: challenge_id,
      sessionHash: c.get('session')!.id_hash,
      nameKey: nameKey(c.req.param('username')),
      trail,
      address: clientAddress(c, deps.config.trustProxy),
    });
    if ('reason' in result) {
      c.get('log').info('slider refused', { reason: result.reason, samples: trail.length });
      throw loginErrors.sliderFailed();
    }
    return c.json({ slider_token: result.token });
  });

  app.get('/users/ajax/v1/login/:provider/authorize', async (c) =>
    c.redirect(await authorizeRedirect(deps, c, c.req.param('provider')), 302),
  );
  app.get('/users/ajax/v1/login/:provider/callback', async (c) =>
    c.redirect(await callbackRedirect(deps, c, c.req.param('provider')), 302),
  );

  return app;
}
