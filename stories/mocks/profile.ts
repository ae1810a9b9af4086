/** The current user and the profile calls (§7 Profile and login) for `<yx-profile>`. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import {
  AVATAR_UPLOAD_PATH,
  EMAIL_BIND_PATH,
  EMAIL_REBIND_PATH,
  EMAIL_UNBIND_PATH,
  ME_PATH,
  MY_AVATAR_PATH,
  PASSWORD_PATH,
  PREFERENCES_PATH,
} from '../../src/features/profile/api';
import { ok, route } from './common';

export interface MeBody {
  _id: string;
  username: string;
  name: string;
  avatar: string | null;
  language: 'zh_CN' | 'en_US';
  has_password: boolean;
  email: { address: string; verified: boolean } | null;
}

/** `GET /individual/proxy/me?with_email_info=true`: a user with a password and no email. */
export function me(overrides: Partial<MeBody> = {}): MeBody {
  return {
    _id: 'u-1001',
    username: 'lin.wei',
    name: 'Lin Wei',
    avatar: null,
    language: 'en_US',
    has_password: true,
    email: null,
    ...overrides,
  };
}

export const profilePaths = {
  me: route(ME_PATH),
  upload: route(AVATAR_UPLOAD_PATH),
  avatar: route(MY_AVATAR_PATH),
  bind: route(EMAIL_BIND_PATH),
  rebind: route(EMAIL_REBIND_PATH),
  unbind: route(EMAIL_UNBIND_PATH),
  password: route(PASSWORD_PATH),
  preferences: route(PREFERENCES_PATH),
};

/** A profile service where every call succeeds; binding answers with the new, unverified address. */
export function profileHandlers(user: MeBody = me()): HttpHandler[] {
  const activation = async ({ request }: { request: Request }) => {
    const { email } = (await request.json()) as { email: string };
    return HttpResponse.json({ email: { address: email, verified: false } });
  };
  return [
    http.get(profilePaths.me, () => HttpResponse.json(user)),
    http.post(profilePaths.upload, () => HttpResponse.json({ url: '/users/static/avatars/new.svg' })),
    http.put(profilePaths.avatar, async ({ request }) => HttpResponse.json(await request.json())),
    http.post(profilePaths.bind, activation),
    http.post(profilePaths.rebind, activation),
    http.post(profilePaths.unbind, ok),
    http.put(profilePaths.password, () => HttpResponse.json({ signed_out_sessions: 2 })),
    http.put(profilePaths.preferences, ok),
  ];
}
