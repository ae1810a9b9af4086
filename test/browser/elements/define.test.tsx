import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { define, defineElement, parseProp } from '../../../elements/define';
import { useElement } from '../../../src/ui/context';
import { useToast } from '../../../src/ui/Toast';
import { configure, resetConfiguration } from '../../../src/core/settings';
import { emit } from '../../../src/core/events';
import { mockApi, settle, waitFor } from '../fixtures/harness';

function Probe({ mode, size, compact }: { mode?: string; size?: number; compact?: boolean }) {
  const { settings, locale, t, root, host } = useElement();
  return (
    <div part="probe" data-mode={mode} data-size={String(size)} data-compact={String(compact)}>
      <span className="host">{settings.host}</span>
      <span className="org">{settings.organizationId}</span>
      <span className="flavour">{settings.flavour}</span>
      <span className="locale">{locale}</span>
      <span className="text">{t('common.cancel')}</span>
      <span className="root">{String(root === host.shadowRoot)}</span>
    </div>
  );
}
class YxProbe extends defineElement(Probe, {
  props: {
    mode: { enum: ['a', 'b'], default: 'a' },
    size: { number: { min: 1, max: 100, default: 20 } },
    compact: 'boolean',
  },
  styles: [':host { --probe: 1; }'],
}) {}
define('yx-probe', YxProbe);

function Fetcher() {
  const { http } = useElement();
  const [state, setState] = useState('idle');
  return (
    <button
      type="button"
      onClick={async () => {
        setState('loading');
        const [error] = await http.get('/slow');
        setState(error ? `error:${error.kind}` : 'done');
      }}
    >
      {state}
    </button>
  );
}
define('yx-fetcher', defineElement(Fetcher));

function Crasher() {
  const [boom, setBoom] = useState(false);
  if (boom) throw new Error('render failure');
  return (
    <button type="button" onClick={() => setBoom(true)}>
      boom
    </button>
  );
}
define('yx-crasher', defineElement(Crasher));

function Toaster() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Created successfully')}>
      toast
    </button>
  );
}
define('yx-toaster', defineElement(Toaster));

const q = (el: Element, sel: string) => el.shadowRoot!.querySelector(sel)!;

async function make(tag: string, attrs: Record<string, string> = {}) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  await settle();
  return el;
}

describe('defineElement', () => {
  afterEach(() => {
    resetConfiguration();
    delete window.__YX_SETTINGS__;
    document.body.innerHTML = '';
  });

  it('renders the feature in an open shadow root with the shared sheets adopted', async () => {
    const el = await make('yx-probe');
    expect(el.shadowRoot).to.exist;
    expect(el.shadowRoot!.adoptedStyleSheets.length).to.equal(3);
    expect(q(el, '.root').textContent).to.equal('true');
  });

  it('maps kebab attributes to settings, and attributes win over configure() and __YX_SETTINGS__', async () => {
    window.__YX_SETTINGS__ = { host: 'https://window.example', organizationId: 'org-w', flavour: 'dedicated' };
    configure({ organizationId: 'org-c' });
    const el = await make('yx-probe', { 'org-id': 'org-attr', locale: 'en_US' });
    expect(q(el, '.host').textContent).to.equal('https://window.example');
    expect(q(el, '.org').textContent).to.equal('org-attr');
    expect(q(el, '.flavour').textContent).to.equal('dedicated');
    el.removeAttribute('org-id');
    await settle();
    expect(q(el, '.org').textContent).to.equal('org-c');
  });

  it('re-renders when configure() is called after the element appeared', async () => {
    const el = await make('yx-probe');
    configure({ host: 'https://later.example' });
    await settle();
    expect(q(el, '.host').textContent).to.equal('https://later.example');
  });

  it('translates into the locale attribute and marks the host with lang', async () => {
    const el = await make('yx-probe', { locale: 'zh_CN' });
    expect(q(el, '.text').textContent).to.equal('取消');
    expect(el.getAttribute('lang')).to.equal('zh-CN');
    el.setAttribute('locale', 'en_US');
    await settle();
    expect(q(el, '.text').textContent).to.equal('Cancel');
  });

  it('turns feature attributes into typed props and falls back on bad values with a warning', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (m: string) => warnings.push(m);
    try {
      const el = await make('yx-probe', { mode: 'b', size: '50', compact: '' });
      const probe = q(el, '[part=probe]');
      expect(probe.getAttribute('data-mode')).to.equal('b');
      expect(probe.getAttribute('data-size')).to.equal('50');
      expect(probe.getAttribute('data-compact')).to.equal('true');
      el.setAttribute('mode', 'zzz');
      el.setAttribute('size', '5000');
      el.removeAttribute('compact');
      await settle();
      expect(probe.getAttribute('data-mode')).to.equal('a');
      expect(probe.getAttribute('data-size')).to.equal('20');
      expect(probe.getAttribute('data-compact')).to.equal('false');
      expect(warnings.some((w) => w.includes('mode="zzz"'))).to.equal(true);
      expect(warnings.some((w) => w.includes('size="5000"'))).to.equal(true);
      el.setAttribute('flavour', 'nonsense-flavour');
      await settle();
      expect(q(el, '.flavour').textContent).to.equal('standard');
      expect(warnings.some((w) => w.includes('nonsense-flavour'))).to.equal(true);
    } finally {
      console.warn = original;
    }
  });

  it('parses booleans as HTML does', () => {
    expect(parseProp('x', 'on', 'boolean', undefined)).to.equal(false);
    expect(parseProp('x', 'on', 'boolean', '')).to.equal(true);
    expect(parseProp('x', 'on', 'boolean', 'false')).to.equal(false);
    expect(parseProp('x', 'n', 'number', 'abc')).to.equal(undefined);
  });

  it('is a no-op to define a tag twice', () => {
    expect(() => define('yx-probe', class extends HTMLElement {})).not.to.throw();
    expect(customElements.get('yx-probe')).to.equal(YxProbe);
  });

  it('aborts requests in flight when the element is removed', async () => {
    const api = await mockApi([{ path: '/slow', body: {}, delayMs: 1500 }]);
    const el = await make('yx-fetcher', { host: api.host });
    const button = q(el, 'button') as HTMLButtonElement;
    button.click();
    await waitFor(() => button.textContent === 'loading');
    const started = Date.now();
    el.remove();
    await new Promise((r) => setTimeout(r, 100));
    expect(button.textContent).to.equal('loading');
    expect(Date.now() - started).to.be.lessThan(1000);
  });

  it('shows the reload box instead of an empty element when a render fails', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const el = await make('yx-crasher', { locale: 'en_US' });
      (q(el, 'button') as HTMLButtonElement).click();
      await settle();
      const box = q(el, '[part=crash]');
      expect(box.getAttribute('role')).to.equal('alert');
      expect(box.textContent).to.contain('Oops! Something went wrong.');
      expect(box.querySelector('button')!.textContent).to.equal('Reload');
    } finally {
      console.error = original;
    }
  });

  it('announces toasts in a live region inside the shadow root', async () => {
    const el = await make('yx-toaster', { locale: 'en_US' });
    (q(el, 'button') as HTMLButtonElement).click();
    await settle();
    const status = q(el, '[role=status]');
    expect(status.getAttribute('aria-live')).to.equal('polite');
    expect(status.textContent).to.contain('Created successfully');
  });
});

describe('emit', () => {
  it('dispatches bubbling, composed events that a host may cancel', () => {
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('span');
    shadow.append(inner);
    document.body.append(host);
    let seen: CustomEvent | undefined;
    const listener = (e: Event) => {
      seen = e as CustomEvent;
      e.preventDefault();
    };
    document.addEventListener('yx-navigate', listener);
    const proceed = emit(inner, 'yx-navigate', { url: '/x' }, { cancelable: true });
    document.removeEventListener('yx-navigate', listener);
    expect(seen?.detail).to.deep.equal({ url: '/x' });
    expect(proceed).to.equal(false);
    expect(emit(inner, 'yx-navigate', { url: '/y' })).to.equal(true);
    host.remove();
  });
});
