import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import '../../../elements/yx-token-manager';
import { Field } from '../../../src/ui/Field';
import { TextArea, capInsertion } from '../../../src/ui/TextArea';
import { mockApi, mount, mountElement, settle, waitFor } from '../fixtures/harness';
import { scopeRoutes } from '../features/tokens-fixtures';

const SMILE = '😀';
const counterText = (root: ParentNode) => root.querySelector('[part="counter"] [aria-hidden]')!.textContent;

/** Puts text in at the caret as the browser's own editing does (a paste, an IME commit). */
function insert(text: string) {
  document.execCommand('insertText', false, text);
}

describe('TextArea with maxLength', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function Description({ max = 200 }: { max?: number }) {
    const [text, setText] = useState('');
    return (
      <Field label="Description">
        <TextArea value={text} onChange={(e) => setText(e.target.value)} maxLength={max} showCount />
      </Field>
    );
  }

  describe('given emoji, which take two UTF-16 units each', () => {
    it('takes 150 of them under a limit of 200 characters and counts each once', async () => {
      const m = await mount(<Description />);
      const textarea = m.root.querySelector('textarea')!;
      textarea.focus();
      insert(SMILE.repeat(150));
      await settle();
      expect([...textarea.value]).to.have.length(150);
      expect(counterText(m.root)).to.equal('150/200');
      expect(m.root.querySelector('[part="counter"]')!.hasAttribute('data-status')).to.equal(false);
    });

    it('stops at 200 of them, keeping the start of what was put in and whole emoji only', async () => {
      const m = await mount(<Description />);
      const textarea = m.root.querySelector('textarea')!;
      textarea.focus();
      insert('a');
      insert(SMILE.repeat(250));
      await settle();
      expect(textarea.value).to.equal('a' + SMILE.repeat(199));
      expect(counterText(m.root)).to.equal('200/200');
      expect(textarea.selectionStart, 'the caret after what was kept').to.equal(textarea.value.length);
      await sendKeys({ type: 'x' });
      await settle();
      expect(textarea.value, 'nothing more once full').to.equal('a' + SMILE.repeat(199));
    });

    it('cuts an insertion in the middle of the text there, leaving the text after it alone', async () => {
      const m = await mount(<Description max={5} />);
      const textarea = m.root.querySelector('textarea')!;
      textarea.focus();
      insert('ab');
      textarea.setSelectionRange(1, 1);
      insert(SMILE.repeat(4));
      await settle();
      expect(textarea.value).to.equal(`a${SMILE.repeat(3)}b`);
      expect(textarea.selectionStart, 'the caret after the kept emoji').to.equal(1 + 3 * SMILE.length);
      expect(counterText(m.root)).to.equal('5/5');
    });

    it('does not set the native maxlength, which counts UTF-16 units', async () => {
      const m = await mount(<Description />);
      expect(m.root.querySelector('textarea')!.hasAttribute('maxlength')).to.equal(false);
    });
  });

  describe('given Chinese text', () => {
    it('stops at 200 characters too', async () => {
      const m = await mount(<Description />);
      const textarea = m.root.querySelector('textarea')!;
      textarea.focus();
      insert('中'.repeat(210));
      await settle();
      expect(textarea.value).to.equal('中'.repeat(200));
      expect(counterText(m.root)).to.equal('200/200');
    });
  });

  describe('given an input method composing text', () => {
    it('lets the user finish choosing characters, then cuts what passed the limit', async () => {
      const m = await mount(<Description max={10} />);
      const textarea = m.root.querySelector('textarea')!;
      textarea.focus();
      insert('ab');
      textarea.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
      insert('中'.repeat(12));
      await settle();
      expect(textarea.value, 'not cut while composing').to.equal('ab' + '中'.repeat(12));
      textarea.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '中'.repeat(12) }));
      await settle();
      expect(textarea.value).to.equal('ab' + '中'.repeat(8));
      expect(counterText(m.root)).to.equal('10/10');
    });
  });

  describe('capInsertion', () => {
    it('never splits a surrogate pair, even where two emoji share their first half', () => {
      // 😀 and 😁 share the high surrogate: the insertion starts at the whole emoji.
      expect(capInsertion(SMILE, `${SMILE}😁`, 1)).to.deep.equal({ value: SMILE, caret: 2 });
      expect(capInsertion('x', `x${SMILE}😁`, 2)).to.deep.equal({ value: `x${SMILE}`, caret: 3 });
      expect(capInsertion(`${SMILE}a`, `${SMILE}😁a`, 2, 4)).to.deep.equal({ value: `${SMILE}a`, caret: 2 });
    });

    it('leaves text already over the limit to the form check when nothing was put in', () => {
      expect(capInsertion('abcd', 'abc', 2, 3)).to.equal(null);
    });
  });
});

describe('<yx-token-manager> token form description', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('takes 150 emoji, counts them as 150 of 200 characters, and stops at 200', async () => {
    const api = await mockApi([...scopeRoutes]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', view: 'create' });
    const root = el.shadowRoot!;
    await waitFor(() => root.querySelector('[part="create-screen"] [role="tree"]'), { message: 'the create screen' });
    const textarea = root.querySelector<HTMLTextAreaElement>('textarea[name="description"]')!;
    textarea.focus();
    insert(SMILE.repeat(150));
    await settle();
    expect([...textarea.value]).to.have.length(150);
    expect(counterText(root)).to.equal('150/200');
    insert(SMILE.repeat(100));
    await settle();
    expect([...textarea.value]).to.have.length(200);
    expect(counterText(root)).to.equal('200/200');
    expect(root.querySelector('[part="error"]')?.textContent ?? '', 'no complaint at the limit').to.equal('');
  });
});
