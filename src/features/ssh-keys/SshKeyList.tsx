/**
 * The key list: a loading skeleton, 'No SSH keys' with an Add button, the error panel with Retry,
 * or a table with name, fingerprint, scope, expiry (with an Expired badge), creation and last use.
 */
import type { ReactNode, RefObject } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Result } from '../../ui/Result';
import { Table } from '../../ui/Table';
import type { TableColumn } from '../../ui/Table';
import { formatDate, isPast, relativeTime } from '../../core/dates';
import type { SshKey } from './api';
import type { SshKeysActions, SshKeysState } from './store';

/** §4: a key is valid, expired (invalid), or valid for ever when it has no expiry. */
export type SshKeyValidity = 'valid' | 'expired' | 'never-expires';

export function validityOf(key: SshKey, now = Date.now()): SshKeyValidity {
  if (key.expired || (key.expires_at !== null && isPast(key.expires_at, now))) return 'expired';
  return key.expires_at === null ? 'never-expires' : 'valid';
}

export interface SshKeyListProps {
  state: SshKeysState;
  actions: SshKeysActions;
  /** The Add button on screen (in the toolbar, or in the empty state). */
  addButtonRef?: RefObject<HTMLButtonElement | null>;
  onAdd(): void;
  onEdit(key: SshKey): void;
  onDelete(key: SshKey): void;
}

export function SshKeyList({ state, actions, addButtonRef, onAdd, onEdit, onDelete }: SshKeyListProps) {
  const { t, locale } = useElement();
  const { status, keys } = state;
  const now = Date.now();
  const empty = status === 'ready' && keys.length === 0;

  const columns: Array<TableColumn<SshKey>> = [
    {
      key: 'title',
      title: t('ssh.column.title'),
      render: (row) => (
        <span part="key-title" className="yx-ssh-title">
          {row.title}
        </span>
      ),
    },
    {
      key: 'fingerprint',
      title: t('ssh.column.fingerprint'),
      render: (row) => (
        <code part="fingerprint" className="yx-ssh-mono yx-ssh-fingerprint">
          {row.fingerprint}
        </code>
      ),
    },
    {
      key: 'scope',
      title: t('ssh.column.scope'),
      render: (row) => (
        <span part="scope" data-scope={row.scope}>
          {t(row.scope === 'read' ? 'ssh.scope.read' : 'ssh.scope.all')}
        </span>
      ),
    },
    {
      key: 'expires',
      title: t('ssh.column.expires'),
      render: (row) => {
        const validity = validityOf(row, now);
        return (
          <div part="expiry" className="yx-ssh-expiry" data-state={validity}>
            <span>{row.expires_at === null ? t('ssh.expiry.never') : formatDate(row.expires_at, locale)}</span>
            {validity === 'expired' && (
              <span part="badge" className="yx-ssh-badge" data-state="expired">
                {t('ssh.status.expired')}
              </span>
            )}
          </div>
        );
      },
    },
    { key: 'created', title: t('ssh.column.created'), render: (row) => formatDate(row.created_at, locale) },
    {
      key: 'lastUsed',
      title: t('ssh.column.lastUsed'),
      render: (row) =>
        row.last_used_at ? (
          // The day, as the other dates show, over how long ago: both in view, not in a hover title.
          <div part="last-used" className="yx-ssh-when">
            <time dateTime={row.last_used_at}>{formatDate(row.last_used_at, locale)}</time>
            <span className="yx-ssh-when__relative">{relativeTime(row.last_used_at, now, locale)}</span>
          </div>
        ) : (
          <span part="last-used" data-state="never">
            <span aria-hidden="true">{t('ssh.lastUsed.never')}</span>
            <span className="yx-visually-hidden">{t('ssh.lastUsed.neverLabel')}</span>
          </span>
        ),
    },
    {
      key: 'actions',
      title: t('ssh.column.actions'),
      render: (row) => (
        <div className="yx-ssh-actions">
          <Button
            variant="link"
            size="sm"
            part="button edit-button"
            aria-label={t('ssh.action.editNamed', { title: row.title })}
            onClick={() => onEdit(row)}
          >
            {t('ssh.action.edit')}
          </Button>
          <Button
            variant="link"
            size="sm"
            part="button delete-button"
            aria-label={t('ssh.action.deleteNamed', { title: row.title })}
            onClick={() => onDelete(row)}
          >
            {t('ssh.action.delete')}
          </Button>
        </div>
      ),
    },
  ];

  const addButton = (
    <Button ref={addButtonRef} variant="primary" part="button add-button" onClick={onAdd}>
      {t('ssh.action.add')}
    </Button>
  );

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <Result
        status="error"
        title={t('ssh.list.loadFailed')}
        description={state.error?.message}
        onRetry={() => void actions.load()}
      />
    );
  } else if (empty) {
    body = (
      <Result
        status="empty"
        title={t('ssh.empty.title')}
        description={t('ssh.empty.description')}
        actions={addButton}
      />
    );
  } else {
    body = (
      <Table
        caption={t('ssh.list.caption')}
        columns={columns}
        rows={keys}
        rowKey="id"
        cardsBelow={54}
        loading={status !== 'ready'}
        skeletonRows={3}
      />
    );
  }

  return (
    <div part="ssh-key-list" className="yx-ssh-list" data-status={status}>
      <div className="yx-ssh-toolbar">
        <h2 part="title" className="yx-ssh-heading">
          {t('ssh.title')}
        </h2>
        {!empty && addButton}
      </div>
      <p part="intro" className="yx-ssh-intro">
        {t('ssh.intro')}
      </p>
      {body}
    </div>
  );
}
