/**
 * The permission picker of the token form (§3, §5): the scope tree with every parent expanded,
 * each resource's access level (inaccessible / read-only / read-write) and the selected count.
 */
import { useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useElement } from '../../ui/context';
import { Tree } from '../../ui/Tree';
import type { TreeNode } from '../../ui/Tree';
import { checkedLeaves } from '../../ui/tree-model';
import { Result } from '../../ui/Result';
import { Spinner } from '../../ui/Spinner';
import type { MessageKey } from '../../core/i18n/index';
import type { ScopesState } from './store';
import { selectedLeaves, toTreeNodes } from './scopes';
import type { ScopeTreeNode } from './scopes';
import { accessOf, blockedLeaves, isResource, restrictSelection } from './scope-access';
import type { Access } from './scope-access';

const ACCESS_KEYS: Record<Access, MessageKey> = {
  none: 'tokens.access.none',
  read: 'tokens.access.read',
  'read-write': 'tokens.access.readWrite',
};

export interface ScopeTreeProps {
  scopes: ScopesState;
  value: readonly string[];
  onChange(value: string[]): void;
  onRetry(): void;
  /** The validation message, already translated. */
  error?: string | undefined;
  /** The selection the form started with (an edited token may keep what the user cannot grant). */
  initial: readonly string[];
}

export function ScopeTree({ scopes, value, onChange, onRetry, error, initial }: ScopeTreeProps) {
  const { t } = useElement();
  const id = useId();
  const nodes = useMemo(() => toTreeNodes(scopes.nodes), [scopes.nodes]);
  const blocked = useMemo(() => {
    // Leaves the token held at the start stay allowed even when the user may no longer grant them.
    const held = checkedLeaves(nodes, initial);
    return new Set([...blockedLeaves(nodes, scopes.grantable)].filter((k) => !held.has(k)));
  }, [nodes, scopes.grantable, initial]);
  const disabledKeys = useMemo(() => [...blocked], [blocked]);
  const leaves = useMemo(() => checkedLeaves(nodes, value), [nodes, value]);
  const count = useMemo(() => selectedLeaves(nodes, value).length, [nodes, value]);

  const items = useMemo(() => {
    const toItem = (node: ScopeTreeNode): TreeNode => {
      let description: ReactNode;
      if (isResource(node)) description = t('tokens.scope.access', { access: t(ACCESS_KEYS[accessOf(node, leaves)]) });
      else if (!node.children && blocked.has(node.key)) description = t('tokens.scope.notGrantable');
      const label =
        node.desc ||
        (node.operate === 'read'
          ? t('tokens.scope.read')
          : node.operate === 'write'
            ? t('tokens.scope.write')
            : node.key);
      return {
        key: node.key,
        label,
        ...(description ? { description } : {}),
        ...(node.children ? { children: node.children.map(toItem) } : {}),
      };
    };
    return nodes.map(toItem);
  }, [nodes, leaves, blocked, t]);

  const errorId = `${id}error`;
  let body: ReactNode;
  if (scopes.status === 'error') {
    body = (
      <Result
        status="error"
        title={t('tokens.form.scopesFailed')}
        description={scopes.error?.message}
        onRetry={onRetry}
      />
    );
  } else if (scopes.status !== 'ready') {
    body = <Spinner label={t('tokens.form.scopesLoading')} showLabel />;
  } else {
    body = (
      <Tree
        aria-labelledby={`${id}label`}
        // Tree spreads these onto role=tree: the message is the tree's own (focus lands there).
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        nodes={items}
        value={value}
        disabledKeys={disabledKeys}
        onChange={(next) => onChange(restrictSelection(nodes, value, next, blocked))}
      />
    );
  }

  return (
    <div
      part="scopes"
      className="yx-tokens-scopes"
      role="group"
      aria-labelledby={`${id}label`}
      aria-describedby={`${id}count`}
      data-status={scopes.status}
    >
      <div className="yx-tokens-scopes__head">
        <span id={`${id}label`} className="yx-field__label">
          {t('tokens.form.scopes')}
          <span className="yx-field__required" aria-hidden="true">
            *
          </span>
        </span>
        <span id={`${id}count`} part="scope-count" className="yx-tokens-scopes__count" aria-live="polite">
          {t('tokens.form.scopesSelected', { count })}
        </span>
      </div>
      <div className="yx-tokens-scopes__tree">{body}</div>
      <div part="error" className="yx-field__error" id={errorId} aria-live="polite">
        {error ?? null}
      </div>
    </div>
  );
}
