import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useRef, useState } from 'react';
import { CodeField } from '../../../src/ui/CodeField';
import { useCodeEntry } from '../../../src/ui/useCodeEntry';
import type { CodeSendOutcome } from '../../../src/ui/useCodeEntry';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

interface CodeFormProps {
  error?: string;
  resendAt?: number;
  submitWhenComplete?: boolean;
  focusSend?: boolean;
  onValid?(code: string): void;
  onEdit?(): void;
  onSend?(): Promise<CodeSendOutcome>;
}

function CodeForm(props: CodeFormProps) {
  const sendRef = useRef<HTMLButtonElement>(null);
  // As the stores do: busy from the moment a code is asked for until the answer.
  const [busy, setBusy] = useState(false);
  const send = props.onSend ?? (() => Promise.resolve('sent' as const));
  const onSend = async () => {
    setBusy(true);
    try {
      return await send();
    } finally {
      setBusy(false);
    }
  };
  const entry = useCodeEntry({
    error: props.error,
    busy,
    onValid: props.onValid ?? (() => {}),
    onEdit: props.onEdit ?? (() => {}),
    submitWhenComplete: props.submitWhenComplete ?? false,
    ...(props.focusSend ? { initialFocus: sendRef } : {}),
  });
  return (
    <form noValidate onSubmit={entry.submit}>
      {entry.formError && (
        <div part="form-error" role="alert">
          {entry.formError}
        </div>
      )}
      <CodeField
        entry={entry}
        resendAt={props.resendAt ?? 0}
        rowClassName="code-row"
        sendPart="button send-button"
        sendLabel="Get Code"
        sendRef={sendRef}
        onSend={onSend}
      />
      <button part="submit-button" type="submit">
        Next
      </button>
    </form>
  );
}

const INCORRECT = 'The verification code is incorrect. Please obtain another one.';
const codeInput = (root: ShadowRoot) => root.querySelector<HTMLInputElement>('input[name="code"]')!;
const fieldError = (root: ShadowRoot) => root.querySelector('[part="field"] [part="error"]')!.textContent;
const formError = (root: ShadowRoot) => root.querySelector('[part="form-error"]')?.textContent;
const sendButton = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>('[part~="send-button"]')!;
const submit = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>('[part="submit-button"]')!.click();

describe('CodeField', () => {
  it('takes the focus and six digits at most; the sixth submits the code when the step asks for it', async () => {
    const codes: string[] = [];
    let edits = 0;
    const m = await mount(<CodeForm submitWhenComplete onValid={(code) => codes.push(code)} onEdit={() => edits++} />);
    const input = codeInput(m.root);
    expect(deepActiveElement() === input, 'the code input has the focus').to.equal(true);
    expect(input.labels![0]!.textContent).to.contain('Verification code');
    expect(input.autocomplete).to.equal('one-time-code');
    expect(input.closest('.code-row')).to.not.equal(null);
    await sendKeys({ type: '12a34' });
    expect(input.value).to.equal('1234');
    expect(codes).to.deep.equal([]);
    await sendKeys({ type: '5678' });
    await settle();
    expect(input.value).to.equal('123456');
    expect(codes).to.deep.equal(['123456']);
    expect(edits).to.be.greaterThan(0);
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('without the sixth digit submitting, waits for the form to be sent', async () => {
    const codes: string[] = [];
    const m = await mount(<CodeForm onValid={(code) => codes.push(code)} />);
    await sendKeys({ type: '654321' });
    await settle();
    expect(codes).to.deep.equal([]);
    submit(m.root);
    await settle();
    expect(codes).to.deep.equal(['654321']);
    m.remove();
  });

  it('says on the field that a short code is not a code, without asking the server', async () => {
    const codes: string[] = [];
    const m = await mount(<CodeForm onValid={(code) => codes.push(code)} />);
    await sendKeys({ type: '123' });
    submit(m.root);
    await waitFor(() => fieldError(m.root) === 'Enter the 6-digit verification code', { message: 'the check' });
    expect(codes).to.deep.equal([]);
    expect(deepActiveElement() === codeInput(m.root), 'the code input has the focus').to.equal(true);
    expect(codeInput(m.root).getAttribute('aria-invalid')).to.equal('true');
    await sendKeys({ type: '4' });
    await waitFor(() => fieldError(m.root) === '', { message: 'the check cleared by typing' });
    m.remove();
  });

  it('moves the caret with Home, End, ↑ and ↓, and keeps select all, copy, paste, undo and Enter', async () => {
    const codes: string[] = [];
    const m = await mount(<CodeForm onValid={(code) => codes.push(code)} />);
    const input = codeInput(m.root);
    const caret = () => [input.selectionStart, input.selectionEnd];
    const withControl = async (key: string) => {
      await sendKeys({ down: 'Control' });
      await sendKeys({ press: key });
      await sendKeys({ up: 'Control' });
      await settle();
    };
    await sendKeys({ type: '2345' });
    await sendKeys({ press: 'Home' });
    expect(caret(), 'Home').to.deep.equal([0, 0]);
    await sendKeys({ type: '1' });
    await sendKeys({ press: 'End' });
    expect(caret(), 'End').to.deep.equal([5, 5]);
    await sendKeys({ press: 'ArrowUp' });
    expect(caret(), '↑ to the start').to.deep.equal([0, 0]);
    await sendKeys({ press: 'ArrowDown' });
    expect(caret(), '↓ to the end').to.deep.equal([5, 5]);
    await sendKeys({ type: '9' });
    expect(input.value).to.equal('123459');
    await withControl('z');
    expect(input.value, 'undo').to.equal('12345');
    await withControl('a');
    expect(caret(), 'select all').to.deep.equal([0, 5]);
    await withControl('c');
    await sendKeys({ press: 'Backspace' });
    expect(input.value).to.equal('');
    await withControl('v');
    expect(input.value, 'paste').to.equal('12345');
    await sendKeys({ type: '6' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(codes, 'Enter submits').to.deep.equal(['123456']);
    m.remove();
  });

  describe('given a code the server refused', () => {
    it('says so on the field and selects the code for the next one to be typed over', async () => {
      const m = await mount(<CodeForm focusSend />);
      codeInput(m.root).focus();
      await sendKeys({ type: '111111' });
      sendButton(m.root).focus();
      await m.rerender(<CodeForm focusSend error={INCORRECT} />);
      const input = codeInput(m.root);
      expect(fieldError(m.root)).to.equal(INCORRECT);
      expect(formError(m.root)).to.equal(undefined);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(deepActiveElement() === input, 'the refused code has the focus').to.equal(true);
      expect([input.selectionStart, input.selectionEnd]).to.deep.equal([0, 6]);
      m.remove();
    });

    it('keeps any other refusal above the form', async () => {
      const m = await mount(<CodeForm error="Could not reach the server." />);
      expect(formError(m.root)).to.equal('Could not reach the server.');
      expect(fieldError(m.root)).to.equal('');
      expect(codeInput(m.root).hasAttribute('aria-invalid')).to.equal(false);
      m.remove();
    });
  });

  describe('given the step that sends the code', () => {
    it('sends it, returns to the code once it is sent, and lets the user send again after the countdown', async () => {
      let sends = 0;
      let answer = () => {};
      const onSend = () => {
        sends++;
        return new Promise<CodeSendOutcome>((resolve) => (answer = () => resolve('sent')));
      };
      const m = await mount(<CodeForm focusSend onSend={onSend} />);
      expect(deepActiveElement() === sendButton(m.root), 'the send button has the focus').to.equal(true);
      expect(sendButton(m.root).textContent).to.equal('Get Code');
      codeInput(m.root).focus();
      await sendKeys({ type: '12' });
      sendButton(m.root).focus();
      sendButton(m.root).click();
      await settle();
      expect(sends).to.equal(1);
      expect(codeInput(m.root).value).to.equal('');
      expect(deepActiveElement() === sendButton(m.root), 'the send button keeps the focus while sending').to.equal(
        true,
      );
      // The store sets when the next send is allowed, then the request ends.
      await m.rerender(<CodeForm focusSend resendAt={Date.now() + 60_000} onSend={onSend} />);
      expect(sendButton(m.root).disabled).to.equal(true);
      expect(sendButton(m.root).textContent).to.match(/^Resend in \d+ s$/);
      answer();
      await waitFor(() => deepActiveElement() === codeInput(m.root), { message: 'the focus back in the code' });
      await m.rerender(<CodeForm focusSend resendAt={0} onSend={onSend} />);
      expect(sendButton(m.root).disabled).to.equal(false);
      expect(sendButton(m.root).textContent).to.equal('Get Code');
      m.remove();
    });

    it('keeps the focus on the button while sending and after a failed send, so Enter sends again; a wait moves it to the code', async () => {
      let sends = 0;
      let answer: (outcome: CodeSendOutcome) => void = () => {};
      const onSend = () => {
        sends++;
        return new Promise<CodeSendOutcome>((resolve) => (answer = resolve));
      };
      const m = await mount(<CodeForm focusSend onSend={onSend} />);
      const send = sendButton(m.root);
      expect(deepActiveElement() === send, 'the send button has the focus').to.equal(true);
      await sendKeys({ press: 'Enter' });
      await settle();
      expect(sends).to.equal(1);
      // Under way: unavailable, yet still focused, and a second Enter sends nothing.
      expect(send.getAttribute('aria-disabled')).to.equal('true');
      expect(deepActiveElement() === send, 'the send button keeps the focus while sending').to.equal(true);
      await sendKeys({ press: 'Enter' });
      await settle();
      expect(sends, 'no second request while the first is under way').to.equal(1);
      answer('failed');
      await waitFor(() => !send.hasAttribute('aria-disabled'), { message: 'the send button available again' });
      await settle();
      expect(deepActiveElement() === send, 'the button sends again').to.equal(true);
      await sendKeys({ press: 'Enter' });
      await settle();
      expect(sends, 'Enter sent again').to.equal(2);
      answer('wait');
      await waitFor(() => deepActiveElement() === codeInput(m.root), { message: 'the focus in the code' });
      m.remove();
    });
  });
});
