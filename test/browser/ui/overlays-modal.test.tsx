import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { useState } from 'react';
import { Button } from '../../../src/ui/Button';
import { Modal } from '../../../src/ui/Modal';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

function LegacyTokens() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="trigger" onClick={() => setOpen(true)}>
        Legacy tokens
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Legacy tokens"
        footer={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        <label>
          Search <input type="search" name="search" />
        </label>
        <a href="#token-1">token-1</a>
      </Modal>
    </>
  );
}

function NewTokenSecret() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="trigger" onClick={() => setOpen(true)}>
        Create
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        dismissible={false}
        role="alertdialog"
        title="Copy your new token"
        description="You will not be able to see it again."
        footer={
          <>
            <Button className="copy">Copy</Button>
            <Button className="done" variant="primary" onClick={() => setOpen(false)}>
              I have copied it
            </Button>
          </>
        }
      >
        <code>yx_pat_1234567890</code>
      </Modal>
    </>
  );
}

async function shiftTab() {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

async function openWithKeyboard(root: ShadowRoot) {
  root.querySelector<HTMLButtonElement>('.trigger')!.focus();
  await sendKeys({ press: 'Enter' });
  await waitFor(() => root.querySelector('[part~="modal"]'), { message: 'the modal to open' });
  // Jump to the end of the opening animation: axe measures colour contrast on what is painted
  // now, and a background test tab may not advance animations at all.
  for (const animation of root.getAnimations()) animation.finish();
  await settle();
}

describe('Modal', () => {
  afterEach(() => {
    document.body.querySelectorAll('yx-test-harness').forEach((el) => el.remove());
  });

  describe('given the legacy token list in a modal', () => {
    it('puts the cursor in the search field when it opens', async () => {
      const { root } = await mount(<LegacyTokens />);
      await openWithKeyboard(root);
      await waitFor(() => deepActiveElement() === root.querySelector('input[name="search"]'), {
        message: 'focus on the search field',
      });
    });

    it('wraps Tab from Done to the close button and Shift+Tab back, never reaching the page body', async () => {
      const { root } = await mount(<LegacyTokens />);
      await openWithKeyboard(root);
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(root.querySelector('a[href="#token-1"]'));
      await sendKeys({ press: 'Tab' });
      const done = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Done');
      expect(deepActiveElement()).to.equal(done);
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(root.querySelector('button[aria-label="Close"]'));
      await shiftTab();
      expect(deepActiveElement()).to.equal(done);
      expect(document.activeElement).not.to.equal(document.body);
    });

    it('closes on Escape and gives focus back to the button that opened it', async () => {
      const { root } = await mount(<LegacyTokens />);
      await openWithKeyboard(root);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !root.querySelector('[part~="modal"]'), { message: 'the modal to close' });
      await waitFor(() => deepActiveElement() === root.querySelector('.trigger'), {
        message: 'focus back on the trigger',
      });
    });

    it('renders centred inside the element’s own shadow root', async () => {
      const { root } = await mount(<LegacyTokens />);
      await openWithKeyboard(root);
      const modal = root.querySelector('[part~="modal"]')!;
      expect(document.body.querySelector('[role="dialog"]')).to.equal(null);
      expect(modal.getAttribute('role')).to.equal('dialog');
      expect(modal.getAttribute('aria-modal')).to.equal('true');
      const box = modal.getBoundingClientRect();
      expect(Math.abs(box.left - (innerWidth - box.right))).to.be.below(2);
    });

    it('has no axe violations, closed or open', async () => {
      const { root } = await mount(<LegacyTokens />);
      await expectNoAxeViolations(root);
      await openWithKeyboard(root);
      await expectNoAxeViolations(root);
    });
  });

  describe('given a new token shown once in a modal that must not be dismissed by accident', () => {
    it('ignores Escape and keeps focus inside', async () => {
      const { root } = await mount(<NewTokenSecret />);
      await openWithKeyboard(root);
      await sendKeys({ press: 'Escape' });
      await settle();
      expect(root.querySelector('[part~="modal"]')).to.exist;
      expect(root.querySelector('[part~="modal"]')!.contains(deepActiveElement())).to.equal(true);
    });

    it('ignores a click on the dimmed page and keeps focus off the page body', async () => {
      const { root } = await mount(<NewTokenSecret />);
      await openWithKeyboard(root);
      await sendMouse({ type: 'click', position: [5, 5] });
      await settle();
      expect(root.querySelector('[part~="modal"]')).to.exist;
      expect(document.activeElement).not.to.equal(document.body);
      expect(deepActiveElement()).to.equal(root.querySelector('.copy'));
    });

    it('offers no close button, starts on Copy and closes only through "I have copied it"', async () => {
      const { root } = await mount(<NewTokenSecret />);
      await openWithKeyboard(root);
      const modal = root.querySelector('[part~="modal"]')!;
      expect(modal.getAttribute('role')).to.equal('alertdialog');
      expect(root.querySelector('[part~="close-button"]')).to.equal(null);
      await waitFor(() => deepActiveElement() === root.querySelector('.copy'), { message: 'focus on Copy' });
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(root.querySelector('.done'));
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(root.querySelector('.copy'));
      await shiftTab();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !root.querySelector('[part~="modal"]'), { message: 'the modal to close' });
      await waitFor(() => deepActiveElement() === root.querySelector('.trigger'), {
        message: 'focus back on the trigger',
      });
    });

    it('has no axe violations when open', async () => {
      const { root } = await mount(<NewTokenSecret />);
      await openWithKeyboard(root);
      await expectNoAxeViolations(root);
    });
  });
});
