import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { useState } from 'react';
import { Tree } from '../../../src/ui/Tree';
import type { TreeNode } from '../../../src/ui/Tree';
import { checkStateOf, toggleNode, visibleRows } from '../../../src/ui/tree-model';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

const scopes: TreeNode[] = [
  {
    key: 'repo',
    label: 'Repositories',
    description: 'Code and merge requests',
    children: [
      { key: 'repo:read', label: 'Read repositories' },
      { key: 'repo:write', label: 'Write repositories' },
    ],
  },
  {
    key: 'org',
    label: 'Organization',
    children: [
      { key: 'org:members', label: 'Members', children: [{ key: 'org:members:read', label: 'Read members' }] },
      { key: 'org:read', label: 'Read organization' },
    ],
  },
  { key: 'user', label: 'User profile' },
];

describe('tree model', () => {
  it('selecting a parent selects it and every scope under it', () => {
    expect(toggleNode(scopes, [], 'org')).to.deep.equal(['org', 'org:members', 'org:members:read', 'org:read']);
  });

  it('deselecting a parent clears every scope under it', () => {
    expect(toggleNode(scopes, ['repo', 'repo:read', 'repo:write', 'user'], 'repo')).to.deep.equal(['user']);
  });

  it('a parent the server stored alone counts as all of its scopes', () => {
    expect(checkStateOf(scopes, ['org'], 'org:members:read')).to.equal('checked');
    expect(toggleNode(scopes, ['org'], 'org:read')).to.deep.equal(['org:members', 'org:members:read']);
  });

  it('a partly selected parent is mixed, and checking it completes it', () => {
    expect(checkStateOf(scopes, ['repo:read'], 'repo')).to.equal('mixed');
    expect(checkStateOf(scopes, ['org:members:read'], 'org')).to.equal('mixed');
    expect(checkStateOf(scopes, [], 'repo')).to.equal('unchecked');
    expect(toggleNode(scopes, ['repo:read'], 'repo')).to.deep.equal(['repo', 'repo:read', 'repo:write']);
  });

  it('checking the last missing child checks its parents too', () => {
    expect(toggleNode(scopes, ['org:read'], 'org:members:read')).to.deep.equal([
      'org',
      'org:members',
      'org:members:read',
      'org:read',
    ]);
  });

  it('leaves the rows of collapsed parents out of keyboard order', () => {
    const keys = visibleRows(scopes, new Set(['org'])).map((r) => r.node.key);
    expect(keys).to.deep.equal(['repo', 'repo:read', 'repo:write', 'org', 'user']);
  });
});

function ScopeTree({ initial = [] as string[], log = [] as string[][] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <button type="button">before</button>
      <Tree
        aria-label="Token scopes"
        nodes={scopes}
        value={value}
        onChange={(next) => {
          log.push(next);
          setValue(next);
        }}
      />
    </>
  );
}

const item = (root: ShadowRoot, key: string) =>
  root.querySelector<HTMLElement>(`[role="treeitem"][data-key="${key}"]`)!;
const focusedKey = () => (deepActiveElement() as HTMLElement | null)?.dataset.key;

async function click(el: Element) {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
  await settle();
}

describe('Tree', () => {
  describe('given no scopes selected', () => {
    it('selects every scope of a parent the user clicks, and clears them on a second click', async () => {
      const log: string[][] = [];
      const m = await mount(<ScopeTree log={log} />);
      const label = item(m.root, 'repo').querySelector('[part="tree-label"]')!;
      await click(label);
      expect(log.at(-1)).to.deep.equal(['repo', 'repo:read', 'repo:write']);
      for (const key of ['repo', 'repo:read', 'repo:write']) {
        expect(item(m.root, key).getAttribute('aria-checked'), key).to.equal('true');
      }
      await click(label);
      expect(log.at(-1)).to.deep.equal([]);
      expect(item(m.root, 'repo:read').getAttribute('aria-checked')).to.equal('false');
      m.remove();
    });

    it('starts with every parent expanded and hides children when the chevron is clicked', async () => {
      const m = await mount(<ScopeTree />);
      expect(item(m.root, 'repo').getAttribute('aria-expanded')).to.equal('true');
      expect(item(m.root, 'org:members').getAttribute('aria-expanded')).to.equal('true');
      expect(item(m.root, 'user').hasAttribute('aria-expanded')).to.equal(false);
      // Rows are flat, so each states its place in the hierarchy.
      const members = item(m.root, 'org:members');
      expect(['aria-level', 'aria-posinset', 'aria-setsize'].map((a) => members.getAttribute(a))).to.deep.equal([
        '2',
        '1',
        '2',
      ]);
      expect(item(m.root, 'org:members:read').getAttribute('aria-level')).to.equal('3');
      const repo = item(m.root, 'repo');
      const description = m.root.getElementById(repo.getAttribute('aria-describedby')!)!;
      expect(description.textContent).to.equal('Code and merge requests');
      await click(item(m.root, 'repo').querySelector('[part="tree-toggle"]')!);
      expect(item(m.root, 'repo').getAttribute('aria-expanded')).to.equal('false');
      expect(item(m.root, 'repo:read')).to.equal(null);
      expect(item(m.root, 'repo').getAttribute('aria-checked')).to.equal('false');
      m.remove();
    });
  });

  describe('given one of two repository scopes selected', () => {
    it('shows the repository parent as partly selected', async () => {
      const m = await mount(<ScopeTree initial={['repo:read']} />);
      const repo = item(m.root, 'repo');
      expect(repo.getAttribute('aria-checked')).to.equal('mixed');
      expect(repo.getAttribute('data-state')).to.equal('mixed');
      expect(repo.querySelector('[part="tree-checkbox"]')!.getAttribute('data-state')).to.equal('mixed');
      expect(item(m.root, 'org').getAttribute('aria-checked')).to.equal('false');
      await expectNoAxeViolations(m.root);
      m.remove();
    });
  });

  describe('with the keyboard', () => {
    it('lets the user walk, fold and select scopes with arrows, Home, End and Space', async () => {
      const log: string[][] = [];
      const m = await mount(<ScopeTree log={log} />);
      const before = m.root.querySelector('button')!;
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(focusedKey()).to.equal('repo');
      // Only one item is in the tab order (roving tabindex).
      expect(m.root.querySelectorAll('[role="treeitem"][tabindex="0"]').length).to.equal(1);

      await sendKeys({ press: 'ArrowDown' });
      expect(focusedKey()).to.equal('repo:read');
      await sendKeys({ press: 'Space' });
      await settle();
      expect(log.at(-1)).to.deep.equal(['repo:read']);
      expect(item(m.root, 'repo').getAttribute('aria-checked')).to.equal('mixed');

      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedKey()).to.equal('repo');
      await sendKeys({ press: 'Space' });
      await settle();
      expect(log.at(-1)).to.deep.equal(['repo', 'repo:read', 'repo:write']);

      await sendKeys({ press: 'ArrowLeft' });
      await settle();
      expect(item(m.root, 'repo').getAttribute('aria-expanded')).to.equal('false');
      expect(focusedKey()).to.equal('repo');
      await sendKeys({ press: 'ArrowDown' });
      expect(focusedKey()).to.equal('org');
      await sendKeys({ press: 'ArrowUp' });
      expect(focusedKey()).to.equal('repo');
      await sendKeys({ press: 'ArrowRight' });
      await settle();
      expect(item(m.root, 'repo').getAttribute('aria-expanded')).to.equal('true');
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedKey()).to.equal('repo:read');

      await sendKeys({ press: 'End' });
      expect(focusedKey()).to.equal('user');
      await sendKeys({ press: 'Home' });
      expect(focusedKey()).to.equal('repo');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedKey()).to.equal('org:members');
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedKey()).to.equal('org:members:read');
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedKey()).to.equal('org:members');
      await waitFor(() => item(m.root, 'org:members').tabIndex === 0, { message: 'roving tabindex follows focus' });
      await expectNoAxeViolations(m.root);
      m.remove();
    });
  });
});

describe('Tree with permissions the user cannot grant', () => {
  const nodes = [
    {
      key: 'codeup',
      label: 'Code',
      children: [
        { key: 'codeup:read', label: 'Read' },
        { key: 'codeup:write', label: 'Write' },
      ],
    },
  ];

  it('checks only what may change when the parent is toggled, and marks the rest disabled', async () => {
    let value: string[] = [];
    const m = await mount(
      <Tree
        aria-label="Scopes"
        nodes={nodes}
        value={value}
        onChange={(v) => (value = v)}
        disabledKeys={['codeup:write']}
      />,
    );
    const write = m.root.querySelector('[data-key="codeup:write"]')!;
    expect(write.getAttribute('aria-disabled')).to.equal('true');
    (m.root.querySelector('[data-key="codeup"]') as HTMLElement).click();
    expect(value).to.deep.equal(['codeup:read']);
    await m.rerender(
      <Tree
        aria-label="Scopes"
        nodes={nodes}
        value={value}
        onChange={(v) => (value = v)}
        disabledKeys={['codeup:write']}
      />,
    );
    (write as HTMLElement).click();
    expect(value).to.deep.equal(['codeup:read']);
    m.remove();
  });
});
