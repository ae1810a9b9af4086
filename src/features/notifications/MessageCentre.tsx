/**
 * `<yx-message-centre>` (§2 message centre, §4 message states, §7, issue 8): tabs All / Unread,
 * the 'All Messages' app filter, Mark all read and Clear all read (after a confirmation: the
 * deletion is permanent), and the virtualised list of messages. Counts and new messages arrive
 * live over the stream (or by polling when it is unavailable).
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { APPS } from '../../core/catalogue';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Result } from '../../ui/Result';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { useToast } from '../../ui/Toast';
import { STREAM_PATH, createNotificationsApi } from './api';
import type { Message, MessageTab } from './api';
import { describeFailure } from './errors';
import type { NotificationOperation } from './errors';
import { createNotificationsActions, createNotificationsStore } from './store';
import type { NotificationsState } from './store';
import { openUnreadStream } from './stream';
import type { StreamMode } from './stream';
import { MessageList } from './MessageList';
import { appLabel } from './MessageRow';
import { AppFilter } from './AppFilter';
import { ClearReadConfirm } from './ClearReadConfirm';
import './events';

const CATALOGUE_ORDER = new Map(APPS.map((app, i) => [app.id as string, i]));
const byCatalogue = (a: string, b: string) =>
  (CATALOGUE_ORDER.get(a) ?? APPS.length) - (CATALOGUE_ORDER.get(b) ?? APPS.length) || a.localeCompare(b);

/** The unread count of the view: the filtered app's, or the total. */
const scopedUnread = (state: NotificationsState) =>
  state.app ? (state.counts.byApp[state.app] ?? 0) : state.counts.total;

export function MessageCentre() {
  const { http, t, emit, locale, settings, root } = useElement();
  const toast = useToast();
  const api = useMemo(() => createNotificationsApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const tRef = useRef(t);
  tRef.current = t;
  const [store] = useState(createNotificationsStore);
  const actions = useMemo(() => createNotificationsActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [clearing, setClearing] = useState<{ key: number; open: boolean } | null>(null);
  const [live, setLive] = useState<StreamMode>('connecting');
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    void actions.load();
    void actions.loadCounts();
    return () => actions.reset();
  }, [actions]);

  // Live counts and messages, over the page's one stream for this host and session (shared with
  // a badge); left when the element is removed, the host changes or another user signs in.
  const streamUrl = settings.host + STREAM_PATH;
  const session = settings.csrfToken;
  useEffect(() => {
    const stream = openUnreadStream({
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
    return () => stream.close();
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
  const seenApps = useRef(new Set<string>());
  const apps = useMemo(() => {
    const seen = seenApps.current;
    for (const app of Object.keys(state.counts.byApp)) seen.add(app);
    for (const message of state.messages) seen.add(message.app);
    if (state.app) seen.add(state.app);
    return [...seen].sort(byCatalogue);
  }, [state.counts.byApp, state.messages, state.app]);

  const report = useCallback(
    (error: Parameters<typeof describeFailure>[0] | null, operation: NotificationOperation) => {
      if (!error) return true;
      toast.error(describeFailure(error, operation, tRef.current));
      return false;
    },
    [toast],
  );
  const markRead = useCallback(
    async (message: Message) => report(await actions.markRead(message.id), 'markRead'),
    [actions, report],
  );
  const remove = useCallback(
    async (message: Message) => {
      const done = report(await actions.remove(message.id), 'delete');
      if (done) toast.success(tRef.current('success.deleted'));
      // The last message went with its focused Delete button: keep keyboard users on the tabs.
      if (done && store.get().messages.length === 0) {
        setTimeout(() => {
          if (!root.activeElement) root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
        });
      }
      return done;
    },
    [actions, report, toast, store, root],
  );
  const loadMore = useCallback(() => void actions.loadMore(), [actions]);
  const selectApp = useCallback((app: string | null) => void actions.setView({ app }), [actions]);

  const markAllRead = async () => {
    if (report(await actions.markAllRead(), 'markAllRead')) toast.success(t('notifications.success.markedAllRead'));
  };
  const clearRead = async () => {
    const done = report(await actions.clearRead(), 'clearRead');
    if (done) toast.success(t('notifications.success.cleared'));
    return done;
  };

  const { status, tab, app, messages, nextToken } = state;
  const unread = scopedUnread(state);
  const filterName = app ? appLabel(app, locale) : null;

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
  } else if (status !== 'ready') {
    body = (
      <div className="yx-msgs-loading" aria-busy="true">
        <Spinner />
        <Skeleton lines={4} />
      </div>
    );
  } else if (messages.length === 0 && !nextToken) {
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
      <MessageList
        key={`${tab}|${app ?? ''}`}
        messages={messages}
        hasMore={nextToken !== null}
        more={state.more}
        pending={state.pending}
        onLoadMore={loadMore}
        onMarkRead={markRead}
        onDelete={remove}
      />
    );
  }

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
    <div part="message-centre" className="yx-msgs" data-status={status} data-tab={tab} data-live={live}>
      <div className="yx-msgs-head">
        <h2 part="title" className="yx-msgs-title">
          {t('page.notifications.title')}
        </h2>
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
        <AppFilter apps={apps} selected={app} counts={state.counts} locale={locale} t={t} onSelect={selectApp} />
        <div className="yx-msgs-main">
          <Tabs
            value={tab}
            onValueChange={(value) => void actions.setView({ tab: value as MessageTab })}
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
        <ClearReadConfirm
          key={clearing.key}
          open={clearing.open}
          appName={filterName}
          onClose={() => setClearing((c) => c && { ...c, open: false })}
          onConfirm={clearRead}
        />
      )}
    </div>
  );
}
