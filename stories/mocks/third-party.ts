/** The identity binding API (§7 `/individual/proxy/my/identities`) for `<yx-third-party-bindings>`. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import { IDENTITIES_PATH, PROVIDERS_PATH } from '../../src/features/third-party/api';
import { ok, route } from './common';

export interface ProviderRow {
  provider: 'dingtalk' | 'lark';
  name: string;
  available: boolean;
}

export interface IdentityRow {
  provider: 'dingtalk' | 'lark';
  open_id: string;
  name: string;
  bound_at: string;
}

/** Both providers, configured on this site unless told otherwise. */
export const providers = (available: Partial<Record<'dingtalk' | 'lark', boolean>> = {}): ProviderRow[] => [
  { provider: 'dingtalk', name: 'DingTalk', available: available.dingtalk ?? true },
  { provider: 'lark', name: 'Lark', available: available.lark ?? true },
];

/** A DingTalk account bound on 5 January 2026. */
export const dingTalkIdentity: IdentityRow = {
  provider: 'dingtalk',
  open_id: 'ding-open-4f2a9c',
  name: 'Lin Wei',
  bound_at: '2026-01-05T12:00:00.000Z',
};

export const thirdPartyPaths = {
  providers: route(PROVIDERS_PATH),
  identities: route(IDENTITIES_PATH),
  identity: route('/users/ajax/v1/my/identities/{provider}'),
};

/** The providers and the bound accounts; unbinding succeeds. */
export function thirdPartyHandlers(
  identities: IdentityRow[] = [dingTalkIdentity],
  providerRows: ProviderRow[] = providers(),
): HttpHandler[] {
  return [
    http.get(thirdPartyPaths.providers, () => HttpResponse.json(providerRows)),
    http.get(thirdPartyPaths.identities, () => HttpResponse.json(identities)),
    http.delete(thirdPartyPaths.identity, ok),
  ];
}
