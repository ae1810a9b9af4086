/**
 * `<yx-settings>`: the personal settings shell (§2, issue 9). It fetches the user's apps, filters
 * the flavour's menu with them (`visibleSections`), and shows the top bar, the sidebar and the
 * section named by `section`. While the apps load it renders nothing; a failed fetch or an empty
 * menu shows 'The system is abnormal, please try again' with Retry, which reloads the page (and,
 * under it, a server fault's request id, or why a call got no answer). An unknown section
 * redirects to the first entry.
 *
 * Organization changes: a cancelable `yx-org-change` bubbling out of anything inside the shell
 * (a section, or an org switcher the host slots into the top bar), or the element's
 * `changeOrganization(id, url)`, ends here. The shell stops that event and announces its own
 * cancelable `yx-org-change` whose `url` carries `nextUrl` = the current address; unless the host
 * cancels it, the page goes there.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useElement } from '../../ui/context';
import { Result } from '../../ui/Result';
import { visibleSections, SETTINGS_SECTIONS } from '../../core/flavours';
import type { SectionKey } from '../../core/flavours';
import { safeRedirect } from '../../core/query';
import type { HttpError } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { createSettingsApi } from './api';
import { createSettingsActions, createSettingsStore } from './store';
import { Sidebar, sectionUrl } from './Sidebar';
import { TopBar } from './TopBar';
import { SECTION_TAGS, SectionHost } from './SectionHost';
import type { SectionLoader } from './SectionHost';
import './events';

export interface SettingsShellProps {
  /** The section key of `/users/settings/:sidebarKey`. */
  section?: string;
  /** Passed to the token section: `v1` shows its list as a modal. */
  version?: string;
  /** Passed to the token section: `create` is its separate create screen. */
  view?: string;
  /** Loads a section's bundle on demand; the element file hands in dynamic imports. */
  loadSection?: SectionLoader;
  /** How Retry and the home link reload. @default the one set by {@link setSettingsReloader} */
  reload?: () => void;
}

/** The common attributes a section gets from the shell, as they are on the shell. */
const PASSED_THROUGH = ['host', 'org-id', 'app-id', 'csrf-token', 'locale', 'flavour', 'env'] as const;

const defaultReload = () => location.reload();
let reloader: () => void = defaultReload;

/** Replaces how the shell reloads the page (Retry, home link); `null` restores `location.reload()`.
 * Returns a function that puts back the previous one.
 * @example const restore = setSettingsReloader(() => router.refresh()); */
export function setSettingsReloader(next: (() => void) | null): () => void {
  const previous = reloader;
  reloader = next ?? defaultReload;
  return () => {
    reloader = previous;
  };
}

/** `url` with `nextUrl` = `next` added to its query (to the hash's query for a hash route).
 * @example withNextUrl('/', 'https://x/users/#/s') // '/?nextUrl=https%3A%2F%2Fx%2Fusers%2F%23%2Fs' */
export function withNextUrl(url: string, next: string): string {
  const param = 'nextUrl=' + encodeURIComponent(next);
  if (url.startsWith('#')) return url + (url.includes('?') ? '&' : '?') + param;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  return base + (base.includes('?') ? '&' : '?') + param + hash;
}

/** What the failure panel adds under its title, which already says the system is abnormal:
 * for a server fault (5xx, whose own message only repeats the title) its request id for support,
 * if it had one; for a call that got no usable answer, why (slow, unreachable, unreadable). An
 * empty menu has nothing to add. */
function failureDetail(error: HttpError | undefined, t: Translate): string | undefined {
  if (!error) return undefined;
  if (error.kind !== 'server') return error.message;
  return error.requestId ? t('page.errors.requestId', { requestId: error.requestId }) : undefined;
}

export function SettingsShell({ section, version, view, loadSection, reload }: SettingsShellProps) {
  const { http, t, settings, flavour, root, host, emit } = useElement();
  const api = useMemo(() => createSettingsApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const [store] = useState(createSettingsStore);
  const actions = useMemo(() => createSettingsActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const doReload = () => (reload ?? reloader)();

  const organizationId = settings.organizationId;
  useEffect(() => {
    void actions.load(organizationId);
    return () => actions.reset();
  }, [actions, organizationId]);

  const sections = useMemo(
    () => (state.status === 'ready' ? visibleSections(flavour.id, state.apps) : []),
    [state.status, state.apps, flavour.id],
  );
  const inMenu = sections.some((s) => s.key === section);
  // identity-provider has a label but no menu entry: reachable wherever third-party is.
  const known = inMenu || (section === 'identity-provider' && sections.some((s) => s.key === 'third-party'));
  const first = sections[0]?.key;

  useEffect(() => {
    if (state.status !== 'ready' || known || !first) return;
    const url = sectionUrl(first);
    if (emit('yx-navigate', { url }, { cancelable: true })) location.replace(url);
  }, [state.status, known, first, emit]);

  const emitRef = useRef(emit);
  emitRef.current = emit;
  useEffect(() => {
    const onOrgChange = (event: Event) => {
      const { detail } = event as CustomEvent<{ organizationId?: unknown; url?: unknown }>;
      // A change the inner element will not let anyone take over is its own business.
      if (!event.cancelable || !detail || typeof detail.organizationId !== 'string') return;
      event.stopPropagation();
      event.preventDefault();
      const target = withNextUrl(safeRedirect(String(detail.url ?? '')) ?? '/', location.href);
      if (
        emitRef.current('yx-org-change', { organizationId: detail.organizationId, url: target }, { cancelable: true })
      ) {
        location.assign(target);
      }
    };
    root.addEventListener('yx-org-change', onOrgChange);
    return () => root.removeEventListener('yx-org-change', onOrgChange);
  }, [root]);

  if (state.status === 'idle' || state.status === 'loading') {
    return <div part="settings" className="yx-settings" data-status="loading" aria-busy="true" />;
  }
  if (state.status === 'error' || sections.length === 0) {
    return (
      <div part="settings" className="yx-settings yx-settings--failed" data-status="error">
        <Result
          status="error"
          title={t('error.systemAbnormal')}
          description={state.status === 'error' ? failureDetail(state.error, t) : undefined}
          headingLevel={2}
          onRetry={doReload}
        />
      </div>
    );
  }

  const key = known ? (section as SectionKey) : undefined;
  const attributes: Record<string, string | undefined> = {};
  for (const name of PASSED_THROUGH) attributes[name] = host.getAttribute(name) ?? undefined;
  if (key === 'personalAccessToken') Object.assign(attributes, { version, view });
  if (key === 'third-party' || key === 'identity-provider') attributes.section = key;

  return (
    <div part="settings" className="yx-settings" data-status="ready" data-section={key}>
      <TopBar helpLink={state.helpLink} homeHref={sectionUrl(key ?? first ?? 'profile')} onHome={doReload} />
      <div className="yx-settings-body">
        <Sidebar sections={sections} active={key} />
        {/* Not a labelled region of its own: the sections label theirs with the same name, and
            two landmarks named alike confuse screen-reader navigation (axe landmark-unique). */}
        <div part="main" className="yx-settings-main">
          {key && (
            <SectionHost
              tag={SECTION_TAGS[key]}
              label={t(SETTINGS_SECTIONS[key].labelKey)}
              attributes={attributes}
              loadSection={loadSection}
            />
          )}
        </div>
      </div>
    </div>
  );
}
