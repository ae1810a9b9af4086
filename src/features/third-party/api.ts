/**
 * The calls of third-party bindings (§3, §7) and the shapes their answers must have. Binding is
 * not a call: the browser goes to the `authorize` URL (a full-page navigation under the element's
 * host), which sends it on to the provider and finally back to the settings page with
 * `?bound=<provider>` or `?error=<code>`.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

/** The providers this element knows (and draws a glyph for), in display order. */
export const PROVIDERS = ['dingtalk', 'lark'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export const isProvider = (value: unknown): value is ProviderId => PROVIDERS.some((p) => p === value);

export const IDENTITIES_AJAX = '/users/ajax/v1/my/identities';
export const PROVIDERS_PATH = `${IDENTITIES_AJAX}/providers`;
export const IDENTITIES_PATH = '/individual/proxy/my/identities';
export const identityPath = (provider: ProviderId) => `${IDENTITIES_AJAX}/${encodeURIComponent(provider)}`;

/** Where the Bind button sends the browser: the authorize path under the element's `host`
 * (relative to this page when there is none). */
export function authorizeUrl(host: string | undefined, provider: ProviderId): string {
  return `${(host ?? '').replace(/\/+$/, '')}${identityPath(provider)}/authorize`;
}

const providerSchema = v.object({
  provider: v.string(),
  name: v.nullish(v.string()),
  /** false: the provider is not configured on this site, so it cannot be bound. */
  available: v.boolean(),
});

const identitySchema = v.object({
  provider: v.string(),
  /** The account's id at the provider, synchronized when binding (§3 "openId"). */
  open_id: v.string(),
  name: v.nullish(v.string()),
  bound_at: v.nullish(v.string()),
});

export interface ProviderInfo {
  provider: ProviderId;
  available: boolean;
}

export interface Identity {
  provider: ProviderId;
  openId: string;
  /** The account's display name at the provider; the openId when it has none. */
  name: string;
  boundAt: string | undefined;
}

export interface Bindings {
  providers: ProviderInfo[];
  identities: Identity[];
}

export interface ThirdPartyApi {
  /** The providers and the user's bound accounts, together: a card needs both. */
  load(): Promise<HttpResult<Bindings>>;
  unbind(provider: ProviderId): Promise<HttpResult<unknown>>;
}

export function createThirdPartyApi(http: HttpClient, t: Translate): ThirdPartyApi {
  return {
    async load() {
      const [providers, identities] = await Promise.all([
        http
          .get(PROVIDERS_PATH)
          .then((r) => expectShape(r, v.array(providerSchema), t, { method: 'GET', url: PROVIDERS_PATH })),
        http
          .get(IDENTITIES_PATH)
          .then((r) => expectShape(r, v.array(identitySchema), t, { method: 'GET', url: IDENTITIES_PATH })),
      ]);
      if (providers[0]) return [providers[0], null];
      if (identities[0]) return [identities[0], null];
      // Providers this element does not know are left out rather than failing the whole answer.
      return [
        null,
        {
          providers: providers[1].flatMap((p) =>
            isProvider(p.provider) ? [{ provider: p.provider, available: p.available }] : [],
          ),
          identities: identities[1].flatMap((i) =>
            isProvider(i.provider)
              ? [
                  {
                    provider: i.provider,
                    openId: i.open_id,
                    name: i.name || i.open_id,
                    boundAt: i.bound_at ?? undefined,
                  },
                ]
              : [],
          ),
        },
      ];
    },
    unbind: (provider) => http.delete(identityPath(provider)),
  };
}
