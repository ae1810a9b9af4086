/** The packages credential API (§7 Packages) as the packages service answers it. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import { PASSWORD_PATH, USER_INFO_PATH } from '../../src/features/package-credential/api';
import { route } from './common';

/** A password as the service generates them (24 characters). */
export const GENERATED_PASSWORD = 'Hq7#mZ2pW9x@Lk4$Rt8vNc3&';
/** §9: a new password takes effect 10 s after it is set. */
export const EFFECT_DELAY_MS = 10_000;

export const packagePaths = { userInfo: route(USER_INFO_PATH), password: route(PASSWORD_PATH) };

/** The username, and a password call that generates one (no body) or takes the user's own. */
export function packageCredentialHandlers(username = 'lin.wei-pkg'): HttpHandler[] {
  return [
    http.get(packagePaths.userInfo, () => HttpResponse.json({ username })),
    http.post(packagePaths.password, async ({ request }) => {
      const text = await request.text();
      const effective_at = new Date(Date.now() + EFFECT_DELAY_MS).toISOString();
      // Setting one's own password echoes nothing back; generating one answers with it.
      return HttpResponse.json(text ? { effective_at } : { password: GENERATED_PASSWORD, effective_at });
    }),
  ];
}
