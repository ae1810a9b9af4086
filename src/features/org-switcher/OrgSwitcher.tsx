/**
 * `<yx-org-switcher>`: Switch Organization (§2, §4, issue 9). The user's organizations, 50 to a
 * page ('load' replaces the list, 'add' appends the next page, on scroll or with Load more), the
 * current one marked (and first, when the page names it: `organizationId`, §2), a filter over
 * what is loaded, and the page's app (`appId`) named in the intro. Choosing one saves it as the
 * last workspace, then announces a cancelable `yx-org-change` and goes to the next URL
 * (`next-url`, else the page's `nextUrl`, kept to this origin, else `/`). A failed switch keeps
 * the list and says why.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { Result } from '../../ui/Result';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { getNextUrl, safeRedirect } from '../../core/query';
import { createOrgSwitcherApi } from './api';
import type { Organization } from './api';
import { describeSwitchFailure } from './errors';
import { createOrgSwitcherActions, createOrgSwitcherStore, listedOrganizations } from './store';
import { OrgList } from './OrgList';
import './events';

export interface OrgSwitcherProps {
  /** Where to go after switching. @default the page's `nextUrl` / `next_url` / `nexturl`, else '/' */
  nextUrl?: string;
  /** Sent as `user_id` when listing. @default the signed-in user (left out) */
  userId?: string;
  /** The title's heading level: '1' where the element is the page (the standalone
   * `#/users/switch/organization`), so the page has its h1; embedded, it sits under the host's own
   * h1. @default '2' */
  headingLevel?: '1' | '2' | '3' | '4' | '5' | '6';
}

export function OrgSwitcher({ nextUrl, userId, headingLevel = '2' }: OrgSwitcherProps) {
  const { http, t, emit, flavour, settings, locale } = useElement();
  const api = useMemo(() => createOrgSwitcherApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const userRef = useRef(userId);
  userRef.current = userId;
  const { organizationId, appId } = settings;
  const pageRef = useRef({ organizationId, appId });
  pageRef.current = { organizationId, appId };
  const [store] = useState(createOrgSwitcherStore);
  const actions = useMemo(
    () =>
      createOrgSwitcherActions(
        store,
        () => apiRef.current,
        () => userRef.current,
        () => pageRef.current,
      ),
    [store],
  );
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [query, setQuery] = useState('');
  const headingId = useId();
  const errorId = useId();

  useEffect(() => {
    void actions.load();
    return () => actions.reset();
  }, [actions, userId, organizationId, appId]);

  const choose = async (org: Organization) => {
    const [error] = await actions.switchTo(org.id);
    if (error) return;
    const url = safeRedirect(nextUrl || getNextUrl()) ?? '/';
    if (emit('yx-org-change', { organizationId: org.id, url }, { cancelable: true })) location.assign(url);
    actions.endSwitch();
  };

  const { status, pagination, adding, appInfo } = state;
  const organizations = useMemo(() => listedOrganizations(state), [state]);
  const needle = query.trim().toLowerCase();
  const shown = needle ? organizations.filter((o) => o.name.toLowerCase().includes(needle)) : organizations;

  let body;
  if (status === 'error') {
    body = (
      <Result
        status="error"
        title={t('orgs.loadFailed')}
        description={state.error?.message}
        onRetry={() => void actions.load()}
      />
    );
  } else if (status !== 'ready') {
    body = (
      <div className="yx-orgs-loading" data-status="loading">
        <Spinner />
        <Skeleton lines={5} />
      </div>
    );
  } else if (organizations.length === 0) {
    body = <Result status="empty" title={t('error.noOrganization')} />;
  } else {
    body = (
      <>
        <Field label={t('orgs.filter.label')} className="yx-orgs-filter">
          <Input
            type="search"
            value={query}
            placeholder={t('orgs.filter.placeholder')}
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
          />
        </Field>
        <p part="count" className="yx-orgs-count" aria-live="polite">
          {needle
            ? t('orgs.filter.count', { shown: shown.length, loaded: organizations.length })
            : t(organizations.length === 1 ? 'orgs.loadedOne' : 'orgs.loaded', { count: organizations.length })}
        </p>
        {shown.length === 0 && (
          <p part="no-match" className="yx-orgs-none">
            {t('orgs.filter.none', { query: query.trim() })}
          </p>
        )}
        <OrgList
          organizations={shown}
          switching={state.switching}
          failed={state.failed}
          errorId={errorId}
          onChoose={(org) => void choose(org)}
          autoLoad={!needle && Boolean(pagination.nextToken) && adding === 'idle'}
          onMore={() => void actions.add()}
        />
        {/* Below the list, never above it: a message that pushed the rows down would put another
            organization under the pointer of a user clicking again. The refused row points here. */}
        {state.switchError && (
          <p id={errorId} part="switch-error" className="yx-orgs-alert" role="alert">
            {describeSwitchFailure(state.switchError, t, flavour)}
          </p>
        )}
        {adding === 'error' && (
          <p part="add-error" className="yx-orgs-alert" role="alert">
            {t('orgs.failure', { message: t('orgs.loadMoreFailed'), reason: state.addError?.message ?? '' })}
          </p>
        )}
        {pagination.nextToken && (
          <div className="yx-orgs-more">
            <Button part="button load-more-button" loading={adding === 'loading'} onClick={() => void actions.add()}>
              {t('orgs.loadMore')}
            </Button>
          </div>
        )}
      </>
    );
  }

  const Title = `h${headingLevel}` as const;
  return (
    <section
      part="org-switcher"
      className="yx-orgs"
      data-status={status}
      aria-labelledby={headingId}
      aria-busy={status === 'loading' || adding === 'loading' || undefined}
    >
      <Title id={headingId} part="title" className="yx-orgs-title">
        {t('page.switchOrganization')}
      </Title>
      <p part="intro" className="yx-orgs-intro">
        {appInfo ? t('orgs.introApp', { app: locale === 'zh_CN' ? appInfo.nameCN : appInfo.name }) : t('orgs.intro')}
      </p>
      {body}
    </section>
  );
}
