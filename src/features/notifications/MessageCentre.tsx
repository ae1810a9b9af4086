/**
 * `<yx-message-centre>` (§2 message centre, §4 message states, §7, issue 8): tabs All / Unread,
 * the 'All Messages' app filter, Mark all read and Clear all read (after a confirmation: the
 * deletion is permanent), and the virtualised list of messages (whose Delete asks first too, see
 * MessageList). Counts and new messages arrive live over the stream (or by polling when it is
 * unavailable).
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Result } from '../../ui/Result';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { useToast } from '../../ui/Toast';
import { lazyView } from '../../ui/lazy';
import { POLL_INTERVAL_MS, createNotificationsApi, streamUrlOf } from './api';
import type { Message, MessageTab } from './api';
import { describeFailure } from './errors';
import type { NotificationOperation } from './errors';
import { createNotificationsActions, createNotificationsStore } from './store';
import type { NotificationsState } from './store';
import type { StreamMode, UnreadStream } from './stream';
import type { AppFilter as AppFilterView } from './AppFilter';
import { appLabel, loadCatalogue, loadedCatalogue } from './apps';
import type { Catalogue } from './apps';
import { whenIdle } from './idle';
import { devWarn } from '../../core/settings';
import { isAppId } from '../../core/app-id';
import './events';

// What loads when (issue 12; docs/performance.md, "Bundle notes"). The element's own
// module is the frame its first screen shows while the data loads: heading, toolbar, tabs and
// the loading state. What it shows next starts loading as soon as the element exists
// (`preloadMessageList`, the element's `load`), before the first page of messages and the counts
// are asked for at mount, so neither waits for the other: the list (react-virtual and the rows),
// the app filter, the app catalogue and `dates` (which their chunks would otherwise only ask for
// once they had arrived themselves); the live stream loads at mount.
// The Clear all read confirmation loads when the page is idle once the messages are shown, or
// when first opened (a message's Delete confirmation likewise, from the list); DOMPurify only for
// opened messages with markup (content.ts).
let AppFilter: typeof AppFilterView | undefined;
const MessageList = lazyView(() =>
  Promise.all([import('./MessageList'), import('./AppFilter'), import('../../core/dates'), loadCatalogue()]).then(
    ([list, filter]) => {
      AppFilter = filter.AppFilter;
      return list.MessageList;
    },
  ),
);
/** Starts fetching the list's code (elements/yx-message-centre.ts: as soon as the element exists). */
export const preloadMessageList = (): Promise<void> => MessageList.preload();
const ClearReadConfirm = lazyView(() => import('./ClearReadConfirm').then((m) => m.ClearReadConfirm));
const loadStream = () => import('./stream');

type CodeStatus = 'loading' | 'ready' | 'error';

/** Apps in catalogue order, then those it lacks by id. */
function inCatalogueOrder(apps: Iterable<string>, { APPS }: Catalogue): string[] {
  const order = new Map(APPS.map((app, i) => [app.id as string, i]));
  const rank = (app: string) => order.get(app) ?? APPS.length;
  return [...apps].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The unread count of the view: the filtered app's, or the total. */
const scopedUnread = (state: NotificationsState) =>
  state.app ? (state.counts.byApp[state.app] ?? 0) : state.counts.total;

/** An `app` attribute the API would take as an app id: none (or empty) is all apps; anything else
 * (spaces, more than 64 characters) is ignored with a warning. */
function appOfAttribute(tag: string, app: string | undefined): string | null {
  if (!app) return null;
  if (isAppId(app)) return app;
  devWarn(`[yx] <${tag}> app="${app}" is not an app id; showing all apps.`);
  return null;
}

/** A heading level, as the `heading-level` attribute gives it. */
export type HeadingLevel = '1' | '2' | '3' | '4' | '5' | '6';

export interface MessageCentreProps {
  /** The title's heading level: '1' where the element is the page (the standalone
   * `#/users/notifications`), so the page has its h1; embedded, it sits under the host's own h1.
   * @default '2' */
  headingLevel?: HeadingLevel;
  /** The tab to show, from the start and whenever the attribute changes (the user may then choose
   * another). @default 'all' */
  tab?: MessageTab;
  /** The app filter, likewise: an app id; absent, all apps. */
  app?: string;
}

export function MessageCentre({ headingLevel = '2', tab: tabAttr = 'all', app: appValue }: MessageCentreProps) {
  const { http, t, emit, locale, settings, root, host: element } = useElement();
  const toast = useToast();
  const api = useMemo(() => createNotificationsApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const tRef = useRef(t);
  tRef.current = t;
  // Judged (and warned about) once per value, not at every render.
  const appAttr = useMemo(() => appOfAttribute(element.localName, appValue), [element, appValue]);
  const [store] = useState(() => createNotificationsStore({ tab: tabAttr, app: appAttr }));
  const actions = useMemo(() => createNotificationsActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);

  // The `tab` and `app` attributes: a change switches the view as the user's own choice would (the
  // other half of the view stays as it is), without `yx-messages-view`.
  const attrView = useRef({ tab: tabAttr, app: appAttr });
  useEffect(() => {
    const last = attrView.current;
    if (last.tab === tabAttr && last.app === appAttr) return;
    attrView.current = { tab: tabAttr, app: appAttr };
    const view: { tab?: MessageTab; app?: string | null } = {};
    if (last.tab !== tabAttr) view.tab = tabAttr;
    if (last.app !== appAttr) view.app = appAttr;
    void actions.setView(view);
  }, [tabAttr, appAttr, actions]);
  /** The user's choice of view; `yx-messages-view` when it changed the view. */
  const chooseView = useCallback(
    (view: { tab?: MessageTab; app?: string | null }) => {
      const before = store.get();
      void actions.setView(view);
      const { tab, app } = store.get();
      if (tab !== before.tab || app !== before.app) emit('yx-messages-view', { tab, app });
    },
    [store, actions, emit],
  );
  const [clearing, setClearing] = useState<{ key: number; open: boolean } | null>(null);
  const [live, setLive] = useState<StreamMode>('connecting');
  const [announcement, setAnnouncement] = useState('');
  const [listCode, setListCode] = useState<CodeStatus>('loading');

  const loadListCode = useCallback(() => {
    setListCode('loading');
    MessageList.preload().then(
      () => setListCode('ready'),
      () => setListCode('error'),
    );
  }, []);

  // Loaded again from scratch when the host points the element at another API.
  const host = settings.host;
  useEffect(() => {
    loadListCode();
    void actions.load();
    void actions.loadCounts();
    return () => actions.reset();
  }, [host, actions, loadListCode]);

  // Live counts and messages, over the page's one stream for this host and session (shared with
  // a badge); left when the element is removed, the host changes or another user signs in.
  const streamUrl = streamUrlOf(settings);
  const session = settings.csrfToken;
  useEffect(() => {
    let stream: UnreadStream | undefined;
    let left = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () =>
      loadStream().then(
        ({ openUnreadStream }) => {
          if (left) return;
          stream = openUnreadStream({
            url: streamUrl,
            session,
            onUnread: actions.setCounts,
            onMessage: (message) => {
              actions.receive(message);
              setAnnouncement(tRef.current('notifications.live.newMessage', { title: message.title }));
            },
            poll: () => actions.loadCounts(),
            onModeChange: setLive,
          });
        },
        // Its code did not load (the network is down): poll the counts until it does.
        () => {
          if (left) return;
          setLive('polling');
          retry = setTimeout(() => {
            void actions.loadCounts();
            void open();
          }, POLL_INTERVAL_MS);
        },
      );
    void open();
    return () => {
      left = true;
      clearTimeout(retry);
      stream?.close();
    };
  }, [streamUrl, session, actions]);

  // `yx-unread-change` whenever the total changes (and once when it is first known).
  const total = state.counts.known ? state.counts.total : null;
  const emitted = useRef<number | null>(null);
  useEffect(() => {
    if (total === null || total === emitted.current) return;
    emitted.current = total;
    emit('yx-unread-change', { count: total });
  }, [total, emit]);

  // Apps offered by the filter: those with counts and those seen in messages, in catalogue order.
  // The filter and the catalogue arrive with the list's code (a render follows: listCode changes).
  const catalogue = loadedCatalogue();
  const seenApps = useRef(new Set<string>());
  const apps = useMemo(() => {
    const seen = seenApps.current;
    for (const app of Object.keys(state.counts.byApp)) seen.add(app);
    for (const message of state.messages) seen.add(message.app);
    if (state.app) seen.add(state.app);
    return catalogue ? inCatalogueOrder(seen, catalogue) : [];
  }, [state.counts.byApp, state.messages, state.app, catalogue]);

  const report = useCallback(
    // `key`: a retry's success replaces the failed attempt's toast (the operation by default).
    (
      error: Parameters<typeof describeFailure>[0] | null,
      operation: NotificationOperation,
      key: string = operation,
    ) => {
      if (!error) return true;
      toast.error(describeFailure(error, operation, tRef.current), key);
      return false;
    },
    [toast],
  );
  // The last message went with its focused button: keep keyboard users on the tabs.
  const keepFocusWhenEmpty = useCallback(() => {
    if (store.get().messages.length > 0) return;
    setTimeout(() => {
      if (!root.activeElement) root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    });
  }, [store, root]);
  const markRead = useCallback(
    async (message: Message) => {
      const outcome = await actions.markRead(message.id);
      if (outcome !== 'gone') return report(outcome, 'markRead');
      // Deleted elsewhere: nothing failed, the row simply went.
      toast.info(tRef.current('notifications.info.gone', { title: message.title }));
      keepFocusWhenEmpty();
      return outcome;
    },
    [actions, report, toast, keepFocusWhenEmpty],
  );
  const remove = useCallback(
    async (message: Message) => {
      const key = `delete ${message.id}`;
      const done = report(await actions.remove(message.id), 'delete', key);
      if (done) {
        toast.success(tRef.current('success.deleted'), key);
        keepFocusWhenEmpty();
      }
      return done;
    },
    [actions, report, toast, keepFocusWhenEmpty],
  );
  const loadMore = useCallback(() => void actions.loadMore(), [actions]);
  const selectApp = useCallback((app: string | null) => chooseView({ app }), [chooseView]);

  const markAllRead = async () => {
    if (report(await actions.markAllRead(), 'markAllRead')) {
      toast.success(t('notifications.success.markedAllRead'), 'markAllRead');
    }
  };
  const clearRead = async () => {
    const done = report(await actions.clearRead(), 'clearRead');
    if (done) toast.success(t('notifications.success.cleared'), 'clearRead');
    return done;
  };

  const { status, tab, app, messages, nextToken } = state;
  const unread = scopedUnread(state);
  const filterName = app ? appLabel(app, locale) : null;
  const loading = (
    <div className="yx-msgs-loading" aria-busy="true">
      <Spinner />
      <Skeleton lines={4} />
    </div>
  );

  const empty = status === 'ready' && messages.length === 0 && !nextToken;
  // What the screen shows: messages wait for the list's code too (the empty state does not).
  const shown = status === 'ready' && !empty && listCode !== 'ready' ? listCode : status;

  const settled = shown === 'ready';
  useEffect(() => {
    // A failed fetch is tried again when the confirmation is opened.
    if (settled) return whenIdle(() => void ClearReadConfirm.preload().catch(() => {}));
  }, [settled]);

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <Result
        status="error"
        title={t('notifications.list.loadFailed')}
        description={state.error?.message}
        onRetry={() => void actions.load()}
      />
    );
  } else if (shown === 'error') {
    body = (
      <Result
        status="error"
        title={t('notifications.list.loadFailed')}
        description={t('error.chunkLoad')}
        onRetry={loadListCode}
      />
    );
  } else if (shown !== 'ready') {
    body = loading;
  } else if (empty) {
    const title = filterName
      ? t(tab === 'unread' ? 'notifications.empty.appUnread' : 'notifications.empty.appAll', { app: filterName })
      : t(tab === 'unread' ? 'notifications.empty.unread' : 'notifications.empty.all');
    body = (
      <Result
        status="empty"
        title={title}
        description={t(tab === 'unread' ? 'notifications.empty.unreadHint' : 'notifications.empty.allHint')}
      />
    );
  } else {
    body = (
      // Loaded already (listCode is 'ready'), so it renders without suspending.
      <Suspense fallback={loading}>
        <MessageList
          key={`${tab}|${app ?? ''}`}
          messages={messages}
          hasMore={nextToken !== null}
          more={state.more}
          pending={state.pending}
          onLoadMore={loadMore}
          onMarkRead={markRead}
          onDelete={remove}
          level={Math.min(Number(headingLevel) + 1, 6)}
        />
      </Suspense>
    );
  }

  const Title = `h${headingLevel}` as const;
  const unreadLabel = (
    <>
      {t('page.notifications.unread')}{' '}
      {state.counts.known && unread > 0 && (
        <span part="tab-count" className="yx-msgs-tab-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );

  return (
    <div part="message-centre" className="yx-msgs" data-status={shown} data-tab={tab} data-live={live}>
      <div className="yx-msgs-head">
        <Title part="title" className="yx-msgs-title">
          {t('page.notifications.title')}
        </Title>
        <div className="yx-msgs-toolbar">
          <Button
            part="button mark-all-read-button"
            loading={state.bulk === 'markAllRead'}
            // Nothing unread: unavailable, yet focusable, so focus stays put after marking all read.
            aria-disabled={(state.counts.known && unread === 0) || state.bulk === 'markAllRead' || undefined}
            onClick={() => {
              if (!(state.counts.known && unread === 0)) void markAllRead();
            }}
          >
            {t('page.notifications.markAllRead')}
          </Button>
          <Button
            part="button clear-read-button"
            onClick={() => setClearing((c) => ({ key: (c?.key ?? 0) + 1, open: true }))}
          >
            {t('page.notifications.clearAllRead')}
          </Button>
        </div>
      </div>
      <div className="yx-msgs-body">
        {AppFilter ? (
          <AppFilter apps={apps} selected={app} counts={state.counts} locale={locale} t={t} onSelect={selectApp} />
        ) : (
          <div className="yx-msgs-filter" />
        )}
        <div className="yx-msgs-main">
          <Tabs
            value={tab}
            onValueChange={(value) => chooseView({ tab: value as MessageTab })}
            label={t('notifications.tabs.label')}
            items={[
              { value: 'all', label: t('page.notifications.all'), content: body },
              { value: 'unread', label: unreadLabel, content: body },
            ]}
          />
        </div>
      </div>
      <p className="yx-visually-hidden" role="status">
        {announcement}
      </p>
      {clearing && (
        <Suspense fallback={null}>
          <ClearReadConfirm
            key={clearing.key}
            open={clearing.open}
            appName={filterName}
            onClose={() => setClearing((c) => c && { ...c, open: false })}
            onConfirm={clearRead}
          />
        </Suspense>
      )}
    </div>
  );
}
