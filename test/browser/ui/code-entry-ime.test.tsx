/**
 * The code input under an IME (a Japanese IME, a Chinese one in full-width mode): the text of a
 * composition stays as the IME writes it until the composition ends, then keeps its digits,
 * full-width ones as ASCII. The page cannot reach the DevTools protocol's Input.imeSetComposition
 * here, so `compose` replays what Chromium fires for it, recorded on a plain input: compositionstart;
 * for each update compositionupdate, a beforeinput that cannot be cancelled (insertCompositionText,
 * isComposing), the composed text replaced in place, input (isComposing); the commit repeats the
 * last update; then compositionend. When the page rewrites the value under a composition, Chromium
 * loses its place and the IME's next update goes in at the caret (１, １２, １２３ became "112123"
 * there, with the rewrite on every input event, and here too).
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
  input.focus();
  return { m, input, codes };
}

/** One composition at the caret, as Chromium fires it: each text of `updates` in turn, the last
 * one committed. Returns the input's value after each update, as the user saw it. */
async function compose(input: HTMLInputElement, updates: string[]): Promise<string[]> {
  const seen: string[] = [];
  const init = { bubbles: true, composed: true };
  const fire = (event: Event) => input.dispatchEvent(event);
  fire(new CompositionEvent('compositionstart', { ...init, data: '' }));
  let start = input.selectionStart ?? input.value.length;
  let composed = '';
  for (const text of [...updates, updates.at(-1)!]) {
    // The page rewrote the composed text: the IME goes on at the caret.
    if (input.value.slice(start, start + composed.length) !== composed) {
      start = input.selectionStart ?? input.value.length;
      composed = '';
    }
    const edit = { ...init, inputType: 'insertCompositionText', data: text, isComposing: true };
    fire(new CompositionEvent('compositionupdate', { ...init, data: text }));
    fire(new InputEvent('beforeinput', edit));
    // The browser's own edit: past React's value tracker, as the IME's is.
    input.setRangeText(text, start, start + composed.length, 'end');
    composed = text;
    fire(new InputEvent('input', edit));
    await settle();
    seen.push(input.value);
  }
  fire(new CompositionEvent('compositionend', { ...init, data: updates.at(-1)! }));
  await settle();
  return seen;
}

describe('CodeField given an IME', () => {
  it('leaves a full-width composition as the IME writes it, then keeps its digits once, as ASCII', async () => {
    const { m, input, codes } = await mountCode();
    const seen = await compose(input, ['１', '１２', '１２３']);
    expect(seen, 'the composition as the IME writes it').to.deep.equal(['１', '１２', '１２３', '１２３']);
    expect(input.value).to.equal('123');
    expect([input.selectionStart, input.selectionEnd]).to.deep.equal([3, 3]);
    expect(codes).to.deep.equal([]);
    m.remove();
  });

  it('adds a composition to typed digits at the caret, and the sixth digit submits the code once', async () => {
    const { m, input, codes } = await mountCode();
    await sendKeys({ type: '45' });
    input.setSelectionRange(0, 0);
    await compose(input, ['１', '１２', '１２３']);
    expect(input.value).to.equal('12345');
    expect([input.selectionStart, input.selectionEnd], 'the caret after the composed digits').to.deep.equal([3, 3]);
    input.setSelectionRange(5, 5);
    await compose(input, ['６', '６７']);
    expect(input.value, 'six digits at most').to.equal('123456');
    expect(codes).to.deep.equal(['123456']);
    m.remove();
  });

  it('keeps nothing of a composition without digits, and what was typed before it', async () => {
    const { m, input, codes } = await mountCode();
    await sendKeys({ type: '12' });
    await compose(input, ['ｓ', 'さ', '三']);
    expect(input.value).to.equal('12');
    await sendKeys({ type: '3456' });
    expect(input.value).to.equal('123456');
    expect(codes).to.deep.equal(['123456']);
    m.remove();
  });

  it('does not send a full code again after a composition that changed nothing', async () => {
    const { m, input, codes } = await mountCode();
    await sendKeys({ type: '123456' });
    expect(codes, 'sent once, as typed').to.deep.equal(['123456']);
    await compose(input, ['ｓ', 'さ']); // letters only: nothing kept
    await compose(input, ['ｋ', '']); // cancelled (Escape): the IME takes its text back
    expect(input.value).to.equal('123456');
    expect(codes, 'the refused code is not sent again').to.deep.equal(['123456']);
    m.remove();
  });
});

describe('DigitsInput under an IME', () => {
  it('hands the form the digits once, at the end of the composition', async () => {
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
    input.focus();
    await compose(input, ['１', '１３', '１３８']);
    expect(input.value).to.equal('138');
    expect(seen).to.deep.equal(['138']);
    m.remove();
  });
});
