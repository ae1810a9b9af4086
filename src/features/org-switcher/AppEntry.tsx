/**
 * `<yx-app-entry>`: the app entry of one organization (`/users/switch/{organizationId}/app-entry`,
 * §2, issue 9). A header with the organization's logo and name, then its installed apps with the
 * catalogue's logos and names. Choosing one fetches the app's `raw_url` and goes there, announced
 * first as a cancelable `yx-navigate`. The organization is its `organization-id`, else the page's
 * (`org-id`, configure()). A failed load shows the error panel, with Retry unless the organization
 * was not found (a retry would only be refused again); so does no organization at all, with a
 * console warning naming the attribute to set.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Result } from '../../ui/Result';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { appName, getApp, logoUrl } from '../../core/catalogue';
import { devWarn } from '../../core/settings';
import { createOrgSwitcherApi } from './api';
import { describeOpenFailure, isNotFound } from './errors';
import { createAppEntryActions, createAppEntryStore } from './store';
import { OrgLogo, logoSrc } from './OrgList';

/** The catalogue logo (a recoloured SVG data URL, or the raster one), or initials when the app
 * is not in the catalogue or the picture does not load. Decorative: the name is written next to it. */
function AppLogo({ name, src }: { name: string; src: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img part="app-logo" className="yx-apps-logo" src={src} alt="" onError={() => setFailed(true)} />;
  }
  return <OrgLogo name={name} logo="" part="app-logo" />;
}

export interface AppEntryProps {
  /** The organization whose apps to show; without it, the page's (`org-id`, configure()). */
  organizationId?: string;
  /** The organization name's heading level: '1' where the element is the page (the standalone
   * `#/users/switch/{organizationId}/app-entry`), so the page has its h1; embedded, it sits under
   * the host's own h1. @default '2' */
  headingLevel?: '1' | '2' | '3' | '4' | '5' | '6';
}

export function AppEntry({ organizationId: own = '', headingLevel = '2' }: AppEntryProps) {
  const { http, t, emit, locale, flavour, settings } = useElement();
  // Its own attribute first, else the page's organization (`org-id`, configure(), page settings).
  const organizationId = own || settings.organizationId;
  const api = useMemo(() => createOrgSwitcherApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const [store] = useState(createAppEntryStore);
  const actions = useMemo(() => createAppEntryActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const headingId = useId();

  useEffect(() => {
    if (organizationId) void actions.load(organizationId);
    else
      devWarn(
        '[yx] <yx-app-entry> has no organization: set organization-id="…" (or org-id, or configure({ organizationId })).',
      );
    return () => actions.reset();
  }, [actions, organizationId]);

  const apps = useMemo(
    () =>
      state.apps.map((identity) => {
        const entry = getApp(identity);
        return {
          identity,
          name: entry ? appName(entry, locale) : identity,
          logo: entry ? logoUrl(entry, flavour.brandColor) : '',
        };
      }),
    [state.apps, locale, flavour.brandColor],
  );

  const open = async (appId: string) => {
    // raw_url usually lives on another host of the suite: any http(s) or relative address will do.
    const url = await actions.open(organizationId, appId, (u) => logoSrc(u) !== null);
    if (url && emit('yx-navigate', { url }, { cancelable: true })) location.assign(url);
  };

  const { status, organization } = state;
  let body;
  if (!organizationId || status === 'error') {
    body = (
      <Result
        status="error"
        title={t('orgs.appEntry.loadFailed')}
        description={organizationId ? state.error?.message : t('error.badParameter')}
        onRetry={organizationId && !isNotFound(state.error) ? () => void actions.load(organizationId) : undefined}
      />
    );
  } else if (status !== 'ready' || !organization) {
    body = (
      <div className="yx-orgs-loading" data-status="loading">
        <Spinner />
        <Skeleton lines={4} />
      </div>
    );
  } else {
    const failed = state.openError;
    const failedName = failed ? (apps.find((a) => a.identity === failed.appId)?.name ?? failed.appId) : '';
    const Heading = `h${headingLevel}` as const;
    body = (
      <>
        <header part="org-header" className="yx-apps-header">
          <OrgLogo name={organization.name} logo={organization.logo} part="org-logo" />
          <div>
            <Heading id={headingId} part="org-name" className="yx-apps-org">
              {organization.name}
            </Heading>
            <p part="intro" className="yx-orgs-intro">
              {t('orgs.appEntry.intro')}
            </p>
          </div>
        </header>
        {failed && (
          <p part="open-error" className="yx-orgs-alert" role="alert">
            {describeOpenFailure(failed.error, failedName, t)}
          </p>
        )}
        {apps.length === 0 ? (
          <Result status="empty" title={t('orgs.appEntry.empty')} />
        ) : (
          <ul part="apps" className="yx-apps-grid" aria-label={t('orgs.appEntry.apps')}>
            {apps.map((app) => {
              const busy = state.opening === app.identity;
              return (
                <li key={app.identity}>
                  <Button
                    variant="text"
                    part="button app"
                    className="yx-apps-app"
                    data-app={app.identity}
                    loading={busy}
                    onClick={() => {
                      if (state.opening === undefined) void open(app.identity);
                    }}
                  >
                    <AppLogo name={app.name} src={app.logo} />
                    <span part="app-name" className="yx-apps-name">
                      {app.name}
                    </span>
                    {busy && (
                      <span className="yx-visually-hidden">{t('orgs.appEntry.opening', { app: app.name })}</span>
                    )}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </>
    );
  }

  return (
    <section
      part="app-entry"
      className="yx-apps"
      data-status={organizationId ? status : 'error'}
      aria-labelledby={status === 'ready' ? headingId : undefined}
      aria-busy={status === 'loading' || undefined}
    >
      {body}
    </section>
  );
}
