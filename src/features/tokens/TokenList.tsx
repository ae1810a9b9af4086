/**
 * The token list (§4): loading skeleton, the 'No access token' result, or the count, the table
 * and pagination; the include_expired toggle; the new token's value once, in its row.
 */
import { Suspense, useRef } from 'react';
import type { ReactNode } from 'react';
import { useElement, withParts } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Choice';
import { Pagination } from '../../ui/Pagination';
import { Result } from '../../ui/Result';
import { Table } from '../../ui/Table';
import { lazyView, prefetch } from '../../ui/lazy';
import type { TableColumn } from '../../ui/Table';
import { formatDate, isPast, relativeTime } from '../../core/dates';
import type { AccessToken } from './api';
import type { TokenActions, TokenState } from './store';
import { permissionCount } from './scopes';
import type { ScopeTreeNode } from './scopes';

// A new token's value shows only after a creation, whose drawer loads on demand too: fetched
// once the list is up.
const SecretOnce = lazyView(() => import('./SecretOnce').then((m) => withParts(m.SecretOnce, ['token-forms'])));
prefetch(SecretOnce);

/** 'About to expire' within this many days of expiry (§4). */
export const EXPIRING_SOON_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ExpiryState = 'valid' | 'expiring' | 'expired';

export function expiryState(token: AccessToken, now = Date.now()): ExpiryState {
  if (token.expired || isPast(token.expires_at, now)) return 'expired';
  return Date.parse(token.expires_at) - now <= EXPIRING_SOON_DAYS * DAY_MS ? 'expiring' : 'valid';
}

export interface TokenListProps {
  state: TokenState;
  actions: TokenActions;
  /** The scope tree when known, to count permissions as leaves. */
  nodes: readonly ScopeTreeNode[];
  /** Show the page heading (the v1 modal has its own title). @default true */
  showTitle?: boolean;
  onCreate(): void;
  onEdit(token: AccessToken): void;
  onDelete(token: AccessToken): void;
}

export function TokenList({ state, actions, nodes, showTitle = true, onCreate, onEdit, onDelete }: TokenListProps) {
  const { t, locale } = useElement();
  const createButton = useRef<HTMLButtonElement>(null);
  const { status, tokens, pagination, visibleToken } = state;
  const now = Date.now();
  const empty = status === 'ready' && tokens.length === 0 && pagination.total === 0;
  const secretRowShown = visibleToken !== null && tokens.some((tk) => tk.token_id === visibleToken.tokenId);

  const clearSecret = () => {
    actions.clearSecret();
    // The focused button is about to disappear: keep keyboard users on the page.
    createButton.current?.focus();
  };
  const secret =
    visibleToken !== null ? (
      <Suspense fallback={null}>
        <SecretOnce key={visibleToken.tokenId} secret={visibleToken} onCleared={clearSecret} />
      </Suspense>
    ) : null;

  // A row's expiry shows in two cells (the badge, the disabled Edit): worked out once a row.
  const expiries = new Map(tokens.map((tk) => [tk.token_id, expiryState(tk, now)]));
  const expiryOf = (row: AccessToken) => expiries.get(row.token_id) ?? expiryState(row, now);

  const columns: Array<TableColumn<AccessToken>> = [
    {
      key: 'name',
      title: t('tokens.column.name'),
      width: 'lg',
      render: (row) => (
        <div className="yx-tokens-name">
          <span part="token-name" className="yx-tokens-name__text">
            {row.name}
          </span>
          {row.description && (
            <span part="token-description" className="yx-tokens-label">
              {row.description}
            </span>
          )}
          {visibleToken?.tokenId === row.token_id && secret}
        </div>
      ),
    },
    {
      key: 'permissions',
      title: t('tokens.column.permissions'),
      render: (row) => t('tokens.permissions.count', { count: permissionCount(nodes, row.token_scopes ?? []) }),
    },
    {
      key: 'created',
      title: t('tokens.column.created'),
      className: 'yx-tokens-date',
      render: (row) => formatDate(row.created_at, locale),
    },
    {
      key: 'expires',
      title: t('tokens.column.expires'),
      render: (row) => {
        const expiry = expiryOf(row);
        return (
          <div className="yx-tokens-expiry" data-state={expiry}>
            <span className="yx-tokens-date">{formatDate(row.expires_at, locale)}</span>
            <span className="yx-tokens-expiry__relative">{relativeTime(row.expires_at, now, locale)}</span>
            {expiry !== 'valid' && (
              <span part="badge" className="yx-tokens-badge" data-state={expiry}>
                {t(expiry === 'expired' ? 'tokens.status.expired' : 'tokens.status.expiringSoon')}
              </span>
            )}
          </div>
        );
      },
    },
    {
      key: 'lastUsed',
      title: t('tokens.column.lastUsed'),
      render: (row) =>
        row.last_used_at ? (
          // The day and how long ago, as the expiry shows them: both in view, not in a hover title.
          <div className="yx-tokens-when">
            <time className="yx-tokens-date" dateTime={row.last_used_at}>
              {formatDate(row.last_used_at, locale)}
            </time>
            <span className="yx-tokens-when__relative">{relativeTime(row.last_used_at, now, locale)}</span>
          </div>
        ) : (
          // A dash for the eye (§9), words for a screen reader.
          <>
            <span aria-hidden="true">{t('tokens.lastUsed.never')}</span>
            <span className="yx-visually-hidden">{t('tokens.lastUsed.neverLabel')}</span>
          </>
        ),
    },
    {
      key: 'actions',
      title: t('tokens.column.actions'),
      render: (row) => {
        const expired = expiryOf(row) === 'expired';
        const reasonId = `yx-token-${row.token_id.replace(/[^\w-]/g, '_')}-reason`;
        return (
          <div className="yx-tokens-actions">
            <Button
              variant="link"
              size="sm"
              part="button edit-button"
              disabled={expired}
              title={expired ? t('tokens.edit.expiredReason') : undefined}
              aria-label={t('tokens.action.editNamed', { name: row.name })}
              aria-describedby={expired ? reasonId : undefined}
              onClick={() => onEdit(row)}
            >
              {t('tokens.action.edit')}
            </Button>
            <Button
              variant="link"
              size="sm"
              part="button delete-button"
              aria-label={t('tokens.action.deleteNamed', { name: row.name })}
              onClick={() => onDelete(row)}
            >
              {t('tokens.action.delete')}
            </Button>
            {expired && (
              <span id={reasonId} part="edit-disabled-reason" className="yx-tokens-actions__reason">
                {t('tokens.edit.expiredReason')}
              </span>
            )}
          </div>
        );
      },
    },
  ];

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <Result
        status="error"
        title={t('tokens.list.loadFailed')}
        description={state.error?.message}
        onRetry={() => void actions.load()}
      />
    );
  } else if (empty) {
    body = (
      <Result
        status="empty"
        title={t('tokens.empty.title')}
        description={t('tokens.empty.description')}
        actions={
          <Button variant="primary" part="button create-button" onClick={onCreate}>
            {t('tokens.action.create')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        {status === 'ready' && (
          <p part="count" className="yx-tokens-count" role="status">
            {t(pagination.total === 1 ? 'tokens.list.countOne' : 'tokens.list.count', { count: pagination.total })}
          </p>
        )}
        <Table
          caption={t('tokens.list.caption')}
          columns={columns}
          rows={tokens}
          rowKey="token_id"
          className="yx-tokens-table"
          cardsBelow={44}
          loading={status !== 'ready'}
          skeletonRows={3}
        />
        {pagination.total > 0 && (
          <Pagination
            page={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            disabled={status === 'loading'}
            onChange={(page, size) => void actions.load(page, size).then(() => undefined)}
          />
        )}
      </>
    );
  }

  return (
    <div part="token-list" className="yx-tokens-list" data-status={status}>
      <div className="yx-tokens-toolbar">
        {showTitle && (
          <h2 part="title" className="yx-tokens-title">
            {t('tokens.title')}
          </h2>
        )}
        <Checkbox
          part="include-expired"
          checked={state.includeExpired}
          onChange={(e) => void actions.setIncludeExpired(e.target.checked)}
        >
          {t('tokens.list.includeExpired')}
        </Checkbox>
        {!empty && (
          <Button ref={createButton} variant="primary" part="button create-button" onClick={onCreate}>
            {t('tokens.action.create')}
          </Button>
        )}
      </div>
      <p className="yx-tokens-intro">{t('tokens.intro')}</p>
      {visibleToken !== null && !secretRowShown && status === 'ready' && secret}
      {body}
    </div>
  );
}
