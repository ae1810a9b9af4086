/**
 * Type tests, checked by `tsc --noEmit -p tsconfig.json` and never run: what a React 19 host and
 * plain DOM code may write with the elements. Each `@ts-expect-error` marks a mistake the types
 * must refuse; if the types stop refusing it, tsc reports the unused directive.
 */
import { useRef } from 'react';
import type { JSX } from 'react';
import type { YxEventDetailMap } from '../../elements/index';
import type { YxSettings } from '../../elements/yx-settings';
import type { YxTokenManager } from '../../elements/yx-token-manager';
import type { YxCommonAttributes } from '../../elements/jsx';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Detail<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

export function TokenPage(): JSX.Element {
  return (
    <yx-token-manager
      host="https://devops.example.com"
      org-id="o1"
      csrf-token="t"
      locale="en_US"
      flavour="global"
      theme="dark"
      version="v1"
      view="create"
      className="tokens"
      onyx-token-create={(event) => {
        const id: string = event.detail.tokenId;
        const name: string = event.detail.name;
        return [id, name];
      }}
      onyx-token-delete={(event) => {
        // @ts-expect-error -- a deleted token's detail has its id only
        return event.detail.name;
      }}
      onyx-navigate={(event) => event.preventDefault()}
    />
  );
}

export function WrongValues(): JSX.Element {
  return (
    <>
      <yx-token-manager
        // @ts-expect-error -- the views are list and create
        view="grid"
      />
      <yx-token-manager
        // @ts-expect-error -- a misspelt attribute without a hyphen is caught
        versoin="v1"
      />
      <yx-login
        // @ts-expect-error -- the languages are zh_CN and en_US
        locale="fr_FR"
      />
      <yx-login
        // @ts-expect-error -- the themes are light and dark
        theme="sepia"
      />
      <yx-login
        // @ts-expect-error -- not a flavour
        flavour="vanilla"
      />
      <yx-error-page
        // @ts-expect-error -- not an error type
        type="teapot"
      />
      {/* @ts-expect-error -- a boolean attribute takes true or false (TypeScript reports a hyphenated name on the tag) */}
      <yx-profile no-reload="yes" />
      {/* @ts-expect-error -- an organization id is a string */}
      <yx-org-switcher org-id={42} />
      <yx-email-verify-result
        // @ts-expect-error -- seconds is a number
        seconds="soon"
      />
      <yx-third-party-bindings
        // @ts-expect-error -- the sections are third-party and identity-provider
        section="github"
      />
    </>
  );
}

export function EveryTag(): JSX.Element {
  const settings = useRef<YxSettings>(null);
  settings.current?.changeOrganization('o2');
  return (
    <yx-settings ref={settings} section="profile" onyx-org-change={(event) => event.detail.url.startsWith('/')}>
      <yx-org-switcher
        slot="top-bar"
        next-url="/"
        user-id="u1"
        onyx-org-change={(event) => event.detail.organizationId}
      />
      <yx-unread-badge href="#/users/notifications" onyx-unread-change={(event) => event.detail.count.toFixed()} />
      <yx-message-centre
        tab="unread"
        app="codeup"
        onyx-unread-change={(event) => event.detail.count + 1}
        onyx-messages-view={(event) => event.detail.tab === 'unread' && event.detail.app?.length}
      />
      <yx-app-entry organization-id="o1" onyx-navigate={(event) => event.detail.url} />
      <yx-email-verify-result token="t" seconds={5} next-url="#/" />
      <yx-error-page type="not-found" request-id="r1" home-url="/" verify-access />
      <yx-login variant="lingma" next-url="#/" onyx-login={(event) => event.detail.csrfToken} />
      <yx-password-reset onyx-navigate={(event) => event.detail.url} />
      <yx-profile no-reload onyx-locale-change={(event) => event.detail.locale} />
      <yx-ssh-keys onyx-ssh-key-add={(event) => event.detail.fingerprint} />
      <yx-package-credential onyx-package-password-reset={(event) => new Date(event.detail.effectiveAt)} />
      <yx-third-party-bindings section="identity-provider" onyx-identity-unbind={(event) => event.detail.provider} />
      <yx-token-manager theme="light" />
    </yx-settings>
  );
}

/** DOM code: each tag creates its own class, each event listener gets its detail. */
export function domHost(): void {
  const manager: YxTokenManager = document.createElement('yx-token-manager');
  manager.orgId = 'o1';
  manager.addEventListener('yx-token-create', (event) => event.detail.tokenId);
  // @ts-expect-error -- a deleted token's detail has its id only
  manager.addEventListener('yx-token-delete', (event) => event.detail.name);
  document.querySelector('yx-settings')?.changeOrganization('o2', '/');
  document.addEventListener('yx-profile-update', (event) => {
    const field: 'avatar' | 'email' | 'password' | 'language' = event.detail.field;
    return field;
  });
  // @ts-expect-error -- an organization id is a string
  document.querySelector('yx-settings')?.changeOrganization(2);
}

/** Every JSX tag is also in HTMLElementTagNameMap, and each event's detail is the same in both maps. */
type Tags = Extract<keyof JSX.IntrinsicElements, `yx-${string}`>;
export const everyTagHasAClass: Equal<Exclude<Tags, keyof HTMLElementTagNameMap>, never> = true;
type SameDetail = { [K in keyof YxEventDetailMap]: Equal<Detail<K>, YxEventDetailMap[K]> }[keyof YxEventDetailMap];
export const detailsAgree: Equal<SameDetail, true> = true;
export const details: [
  Equal<Detail<'yx-navigate'>, { url: string }>,
  Equal<Detail<'yx-relogin'>, { url: string }>,
  Equal<Detail<'yx-token-create'>, { tokenId: string; name: string }>,
  Equal<Detail<'yx-token-update'>, { tokenId: string; name: string }>,
  Equal<Detail<'yx-token-delete'>, { tokenId: string }>,
  Equal<Detail<'yx-ssh-key-add'>, { id: string; title: string; fingerprint: string }>,
  Equal<Detail<'yx-ssh-key-update'>, { id: string }>,
  Equal<Detail<'yx-ssh-key-delete'>, { id: string }>,
  Equal<Detail<'yx-package-password-reset'>, { effectiveAt: string }>,
  Equal<Detail<'yx-identity-bind'>, { provider: string }>,
  Equal<Detail<'yx-identity-unbind'>, { provider: string }>,
  Equal<Detail<'yx-unread-change'>, { count: number }>,
  Equal<Detail<'yx-messages-view'>, { tab: 'all' | 'unread'; app: string | null }>,
  Equal<Detail<'yx-org-change'>, { organizationId: string; url: string }>,
  Equal<Detail<'yx-locale-change'>, { locale: 'zh_CN' | 'en_US' }>,
  Equal<Detail<'yx-profile-update'>, { field: 'avatar' | 'email' | 'password' | 'language' }>,
  Equal<keyof Detail<'yx-login'>, 'user' | 'csrfToken'>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
export const commonAttributes: Equal<
  keyof YxCommonAttributes,
  'host' | 'org-id' | 'app-id' | 'csrf-token' | 'locale' | 'flavour' | 'env' | 'theme'
> = true;
