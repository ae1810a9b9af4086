/**
 * The code input keeps the digits of text that reaches it any way but the keyboard and paste:
 * a drop, an autocorrection, a yank, a virtual keyboard, an autofill that sets the value, the
 * browser's own editing (an IME's composition: code-entry-ime.test.tsx).
 * "123 456" ends as "123456" (the input's own maxLength must not cut it to "123 45" first), the
 * caret after the digits, and the sixth digit submits exactly once. The events are the browser's
 * own (beforeinput with its inputType and DataTransfer; input and change after a value is set).
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { CodeField } from '../../../src/ui/CodeField';
import { Field } from '../../../src/ui/Field';
import { DigitsInput } from '../../../src/ui/DigitsInput';
import { useCodeEntry } from '../../../src/ui/useCodeEntry';
import { mount, settle } from '../fixtures/harness';

function CodeForm({ onValid }: { onValid(code: string): void }) {
  const entry = useCodeEntry({ error: undefined, busy: false, onValid, onEdit: () => {}, submitWhenComplete: true });
  return (
    <form noValidate onSubmit={entry.submit}>
      <CodeField
        entry={entry}
        resendAt={0}
        rowClassName="code-row"
        sendPart="button send-button"
        sendLabel="Get Code"
        onSend={() => Promise.resolve('sent' as const)}
      />
    </form>
  );
}

async function mountCode() {
  const codes: string[] = [];
  const m = await mount(<CodeForm onValid={(code) => codes.push(code)} />);
  const input = m.root.querySelector<HTMLInputElement>('input[name="code"]')!;
  return { m, input, codes };
}

const text = (value: string) => {
  const data = new DataTransfer();
  data.setData('text/plain', value);
  return data;
};

/** Fires the beforeinput the browser fires before inserting; true when the input cancelled it. */
function beforeInput(input: HTMLInputElement, init: InputEventInit): boolean {
  const event = new InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true, ...init });
  return !input.dispatchEvent(event);
}

/** What an autofill does: sets the value (past React's tracker, as the browser does), then fires
 * input and change. */
function autofill(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const caret = (input: HTMLInputElement) => [input.selectionStart, input.selectionEnd];

describe('CodeField given text with separators', () => {
  for (const dropped of ['123 456', '123-456', ' 123 456\n']) {
    it(`keeps the six digits of a drop of ${JSON.stringify(dropped)} and submits them once`, async () => {
      const { m, input, codes } = await mountCode();
      input.blur();
      const cancelled = beforeInput(input, { inputType: 'insertFromDrop', dataTransfer: text(dropped) });
      await settle();
      expect(cancelled, 'the browser does not insert the raw text').to.equal(true);
      expect(input.value).to.equal('123456');
      expect(caret(input)).to.deep.equal([6, 6]);
      expect(m.root.activeElement === input, 'the focus follows the drop').to.equal(true);
      expect(codes).to.deep.equal(['123456']);
      m.remove();
    });
  }

  it('keeps the first six digits of a longer drop, and a drop that adds to typed digits fills the code', async () => {
    const first = await mountCode();
    beforeInput(first.input, { inputType: 'insertFromDrop', dataTransfer: text('Code: 9876 5432') });
    await settle();
    expect(first.input.value).to.equal('987654');
    expect(first.codes).to.deep.equal(['987654']);
    first.m.remove();

    const second = await mountCode();
    second.input.focus();
    await sendKeys({ type: '12' });
    beforeInput(second.input, { inputType: 'insertFromDrop', dataTransfer: text('34-56-78') });
    await settle();
    expect(second.input.value).to.equal('123456');
    expect(caret(second.input)).to.deep.equal([6, 6]);
    expect(second.codes).to.deep.equal(['123456']);
    second.m.remove();
  });

  it('keeps the digits of an autocorrection (insertReplacementText) in place of the selection', async () => {
    const { m, input, codes } = await mountCode();
    input.focus();
    await sendKeys({ type: '99' });
    input.select();
    // Text controls carry the replacement in `data`; editable content in a DataTransfer: both count.
    expect(beforeInput(input, { inputType: 'insertReplacementText', data: '123 456' })).to.equal(true);
    await settle();
    expect(input.value).to.equal('123456');
    expect(caret(input)).to.deep.equal([6, 6]);
    expect(codes).to.deep.equal(['123456']);
    input.select();
    beforeInput(input, { inputType: 'insertReplacementText', dataTransfer: text('654 321') });
    await settle();
    expect(input.value).to.equal('654321');
    expect(codes).to.deep.equal(['123456', '654321']);
    m.remove();
  });

  it('keeps the digits of a yank and of text a virtual keyboard inserts, and still refuses letters', async () => {
    const { m, input, codes } = await mountCode();
    input.focus();
    expect(beforeInput(input, { inputType: 'insertFromYank', data: '12 3' })).to.equal(true);
    await settle();
    expect(input.value).to.equal('123');
    // A virtual keyboard reports no key: its letter is refused at beforeinput, its digits pass.
    expect(beforeInput(input, { inputType: 'insertText', data: 'a' })).to.equal(true);
    // Digits alone are the browser's to insert (an event built here inserts nothing by itself).
    expect(beforeInput(input, { inputType: 'insertText', data: '4' })).to.equal(false);
    expect(input.value).to.equal('123');
    expect(beforeInput(input, { inputType: 'insertText', data: '4 5' })).to.equal(true);
    await settle();
    expect(input.value).to.equal('12345');
    await sendKeys({ type: 'x6' });
    await settle();
    expect(input.value).to.equal('123456');
    expect(codes).to.deep.equal(['123456']);
    // Full: a seventh digit goes nowhere.
    expect(beforeInput(input, { inputType: 'insertText', data: '7' })).to.equal(true);
    await sendKeys({ type: '7' });
    expect(input.value).to.equal('123456');
    expect(codes).to.deep.equal(['123456']);
    m.remove();
  });

  it('keeps the digits of an autofill that sets the value, full-width ones too, and submits them once', async () => {
    const { m, input, codes } = await mountCode();
    autofill(input, '１２３ ４５６');
    await settle();
    expect(input.value).to.equal('123456');
    expect(codes).to.deep.equal(['123456']);
    m.remove();

    const next = await mountCode();
    autofill(next.input, '123 4567');
    await settle();
    expect(next.input.value).to.equal('123456');
    expect(next.codes).to.deep.equal(['123456']);
    next.m.remove();
  });

  it("keeps all six digits of an insertion it cannot cancel (the browser's own editing): no maxLength cuts it first", async () => {
    const { m, input, codes } = await mountCode();
    input.focus();
    // The browser's own editing, with its own limits, and no cancellable beforeinput first.
    document.execCommand('insertText', false, '123 456');
    await settle();
    expect(input.value).to.equal('123456');
    expect(caret(input)).to.deep.equal([6, 6]);
    expect(codes).to.deep.equal(['123456']);
    m.remove();
  });
});

describe('DigitsInput with maxLength', () => {
  it('counts digits, not separators, whichever way the text comes', async () => {
    const seen: string[] = [];
    function Mobile() {
      const [value, setValue] = useState('');
      return (
        <Field label="Mobile">
          <DigitsInput
            maxLength={11}
            value={value}
            onChange={(e) => {
              seen.push(e.target.value);
              setValue(e.target.value);
            }}
          />
        </Field>
      );
    }
    const m = await mount(<Mobile />);
    const input = m.root.querySelector('input')!;
    autofill(input, '+86 138-0013-8000');
    await settle();
    expect(input.value).to.equal('86138001380');
    input.select();
    beforeInput(input, { inputType: 'insertFromDrop', dataTransfer: text('138 0013 8000') });
    await settle();
    expect(input.value).to.equal('13800138000');
    input.focus();
    input.setSelectionRange(3, 3);
    const data = new DataTransfer();
    data.setData('text/plain', '99');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await settle();
    expect(input.value, 'a full field takes no more').to.equal('13800138000');
    expect(seen).to.deep.equal(['86138001380', '13800138000']);
    m.remove();
  });
});
