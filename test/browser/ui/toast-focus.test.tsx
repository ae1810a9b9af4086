/**
 * Toasts never take the keyboard's focus: their messages are read out by live regions, and a
 * close button in the Tab order would drop the focus to the page when the toast went by itself
 * (3 or 6 s) or was closed. A pointer closes them with ×.
 */
import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { useToast } from '../../../src/ui/Toast';
import { mount, settle, waitFor } from '../fixtures/harness';

function Form() {
  const toast = useToast();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        toast.error('The password could not be changed');
      }}
    >
      <button type="submit">Save</button>
      <button type="button">Next</button>
    </form>
  );
}

describe('Toast', () => {
  it('keeps its close button out of the Tab order, so the focus stays on the page', async () => {
    const m = await mount(<Form />);
    const [save, next] = [...m.root.querySelectorAll('button')];
    save!.focus();
    await sendKeys({ press: 'Enter' });
    const toast = (await waitFor(() => m.root.querySelector<HTMLElement>('[part="toast"]'), { message: 'the toast' }))!;
    expect(toast.closest('[role="alert"]'), 'read out').to.exist;
    // The toast comes after the form: Tab from the last control leaves the element.
    next!.focus();
    await sendKeys({ press: 'Tab' });
    expect(m.root.activeElement, 'not on the close button').to.equal(null);

    const close = toast.querySelector<HTMLButtonElement>('button')!;
    expect(close.getAttribute('aria-label')).to.equal('Close');
    const box = close.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
    });
    await settle();
    expect(m.root.querySelector('[part="toast"]'), 'closed by a click').to.equal(null);
    m.remove();
  });
});
