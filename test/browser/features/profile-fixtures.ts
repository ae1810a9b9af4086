/** Data and helpers for the <yx-profile> tests: the current user of §3 and the §7 paths. */
import type { MockCall } from '../fixtures/harness';

export const ME = '/individual/proxy/me';
export const AVATARS = '/objects/ajax/avatars';
export const MY_AVATAR = '/individual/proxy/my/avatar';
export const BIND = '/users/ajax/v1/my/emails:bind';
export const REBIND = '/users/ajax/v1/my/emails:rebind';
export const UNBIND = '/individual/proxy/my/email:unbind';
export const PASSWORD = '/users/ajax/v1/my/password';
export const PREFERENCES = '/users/ajax/v1/my/preferences';

export interface MeBody {
  _id: string;
  username: string;
  name: string;
  avatar: string | null;
  language: 'zh_CN' | 'en_US';
  has_password: boolean;
  email: EmailBody | null;
}

/** The email info of `me`; `pending` while a change of a verified address waits for its link. */
export interface EmailBody {
  address: string;
  verified: boolean;
  pending?: { address: string; expired: boolean };
}

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

export const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
export const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
export const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent);

/** Waits until `n` calls match, then returns them. */
export async function callsMatching(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n = 1) {
  for (let i = 0; i < 150; i++) {
    const found = (await api.calls()).filter(match);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${n} matching call(s)`);
}

/** Ends opening animations: axe measures contrast on what is painted now. */
export async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
  await new Promise((r) => setTimeout(r, 20));
}
