/**
 * The sign-in alternatives (issue 7): DingTalk, Lark, Enterprise WeChat and Alibaba Cloud as
 * standard OpenID Connect providers, and the LDAP / Windows AD directory. DingTalk and Lark share
 * the bindings' configuration (`OIDC_DINGTALK_*`, `OIDC_LARK_*`, server/oidc/client.ts); the two
 * sign-in-only providers read `OIDC_WECHAT_WORK_*` and `OIDC_ALIYUN_*` the same way. Only
 * configured providers are listed.
 */
import type { Config } from '../config';
import type { ServerTranslate } from '../i18n';
import { OIDC_PROVIDERS, providerFromEnv } from '../oidc/client';
import type { OidcProviderConfig } from '../oidc/client';

/** Every sign-in provider, in the order the login page shows them. */
export const LOGIN_PROVIDERS = ['dingtalk', 'lark', 'wechat-work', 'aliyun'] as const;
export type LoginProviderId = (typeof LOGIN_PROVIDERS)[number];

/** The providers only sign-in uses (the bindings page knows DingTalk and Lark). */
export const SSO_ONLY = ['wechat-work', 'aliyun'] as const;
export type SsoOnlyId = (typeof SSO_ONLY)[number];
/** Their configuration; an unconfigured one is absent. */
export type SsoConfig = Partial<Record<SsoOnlyId, OidcProviderConfig>>;

/** Where the login page sends the browser for each provider (same origin, so the element follows it). */
export const authorizePath = (id: LoginProviderId) => `/users/ajax/v1/login/${id}/authorize`;

const NAME_KEYS = {
  dingtalk: 'page.login.dingtalk',
  lark: 'page.login.lark',
  'wechat-work': 'page.login.wechatWork',
  aliyun: 'page.login.aliyun',
} as const satisfies Record<LoginProviderId, string>;

/** Reads `OIDC_WECHAT_WORK_*` and `OIDC_ALIYUN_*` (all three of a provider, or none). */
export function ssoConfigFromEnv(env: NodeJS.ProcessEnv): { config: SsoConfig; problem?: string } {
  const config: SsoConfig = {};
  for (const id of SSO_ONLY) {
    const read = providerFromEnv(env, `OIDC_${id.toUpperCase().replace('-', '_')}_`);
    if (read.problem) return { config, problem: read.problem };
    if (read.provider) config[id] = read.provider;
  }
  return { config };
}

/** The configuration of one sign-in provider, when it is configured. */
export function loginProvider(
  config: Pick<Config, 'oidc' | 'sso'>,
  id: string | undefined,
): { id: LoginProviderId; provider: OidcProviderConfig } | undefined {
  const known = LOGIN_PROVIDERS.find((p) => p === id);
  if (!known) return undefined;
  const binding = OIDC_PROVIDERS.find((p) => p === known);
  const provider = binding ? config.oidc[binding] : config.sso[known as SsoOnlyId];
  return provider ? { id: known, provider } : undefined;
}

/** The `GET /users/ajax/v1/login/providers` answer. */
export function providersJson(config: Pick<Config, 'oidc' | 'sso' | 'ldap'>, t: ServerTranslate) {
  return {
    providers: LOGIN_PROVIDERS.filter((id) => loginProvider(config, id)).map((id) => ({
      id,
      name: t(NAME_KEYS[id]),
      authorize_url: authorizePath(id),
    })),
    ldap: { enabled: Boolean(config.ldap), kinds: config.ldap?.kinds ?? [] },
  };
}
