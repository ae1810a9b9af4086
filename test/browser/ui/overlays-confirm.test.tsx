import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { useState } from 'react';
import { Button } from '../../../src/ui/Button';
import { Confirm } from '../../../src/ui/Confirm';
import { Drawer } from '../../../src/ui/Drawer';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

interface DeleteProps {
  onConfirm: () => void | boolean | Promise<void | boolean>;
  onCancel?: () => void;
}

function DeleteToken({ onConfirm, onCancel }: DeleteProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="trigger" onClick={() => setOpen(true)}>
        Delete ci-deploy
      </button>
      <Confirm
        open={open}
        onOpenChange={setOpen}
        variant="danger"
        title="Delete token ci-deploy?"
        message="Apps using it stop working immediately."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  );
}

function EditTokenWithDelete() {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className="trigger" onClick={() => setOpen(true)}>
        Edit token
      </button>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title="Edit token"
        footer={
          <Button className="delete" variant="danger" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        }
      >
        <label>
          Name <input name="name" />
        </label>
        <Confirm
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this token?"
          variant="danger"
          onConfirm={() => undefined}
        />
      </Drawer>
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
  await waitFor(() => root.querySelector('[part~="confirm"]'), { message: 'the confirm dialog to open' });
  // Jump to the end of the opening animation: axe measures colour contrast on what is painted
  // now, and a background test tab may not advance animations at all.
  for (const animation of root.getAnimations()) animation.finish();
  await settle();
}

const cancelButton = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>('[part~="cancel-button"]')!;
const confirmButton = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!;

describe('Confirm', () => {
  afterEach(() => {
    document.body.querySelectorAll('yx-test-harness').forEach((el) => el.remove());
  });

  describe('given a destructive delete confirmation', () => {
    it('starts on Cancel, so pressing Enter by reflex deletes nothing', async () => {
      let deleted = 0;
      const { root } = await mount(<DeleteToken onConfirm={() => void deleted++} />);
      await openWithKeyboard(root);
      await waitFor(() => deepActiveElement() === cancelButton(root), { message: 'focus on Cancel' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !root.querySelector('[part~="confirm"]'), { message: 'the dialog to close' });
      expect(deleted).to.equal(0);
    });

    it('is announced as a modal alert dialog with the question and its consequence', async () => {
      const { root } = await mount(<DeleteToken onConfirm={() => undefined} />);
      await openWithKeyboard(root);
      const dialog = root.querySelector('[part~="confirm"]')!;
      expect(document.body.querySelector('[role="alertdialog"]')).to.equal(null);
      expect(dialog.getAttribute('role')).to.equal('alertdialog');
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(root.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal(
        'Delete token ci-deploy?',
      );
      expect(root.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).to.equal(
        'Apps using it stop working immediately.',
      );
      expect(confirmButton(root).getAttribute('data-variant')).to.equal('danger');
      expect(confirmButton(root).textContent).to.equal('Delete');
      expect(cancelButton(root).textContent).to.equal('Cancel');
    });

    it('keeps Tab and Shift+Tab on its two buttons, never on the page body', async () => {
      const { root } = await mount(<DeleteToken onConfirm={() => undefined} />);
      await openWithKeyboard(root);
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(confirmButton(root));
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(cancelButton(root));
      await shiftTab();
      expect(deepActiveElement()).to.equal(confirmButton(root));
      await shiftTab();
      expect(deepActiveElement()).to.equal(cancelButton(root));
      expect(document.activeElement).not.to.equal(document.body);
    });

    it('cancels on Escape and gives focus back to the Delete button', async () => {
      let cancelled = 0;
      const { root } = await mount(<DeleteToken onConfirm={() => undefined} onCancel={() => cancelled++} />);
      await openWithKeyboard(root);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !root.querySelector('[part~="confirm"]'), { message: 'the dialog to close' });
      expect(cancelled).to.equal(1);
      await waitFor(() => deepActiveElement() === root.querySelector('.trigger'), {
        message: 'focus back on the trigger',
      });
    });

    it('stays open when the user clicks the dimmed page outside it', async () => {
      const { root } = await mount(<DeleteToken onConfirm={() => undefined} />);
      await openWithKeyboard(root);
      await sendMouse({ type: 'click', position: [5, 5] });
      await settle();
      expect(root.querySelector('[part~="confirm"]')).to.exist;
      expect(deepActiveElement()).to.equal(cancelButton(root));
    });

    it('has no axe violations, closed or open', async () => {
      const { root } = await mount(<DeleteToken onConfirm={() => undefined} />);
      await expectNoAxeViolations(root);
      await openWithKeyboard(root);
      await expectNoAxeViolations(root);
    });
  });

  describe('given a delete request that takes a while', () => {
    it('shows the delete as busy, ignores Escape and Cancel meanwhile, then closes and returns focus', async () => {
      let finish: (ok: boolean) => void = () => undefined;
      const { root } = await mount(<DeleteToken onConfirm={() => new Promise<boolean>((r) => (finish = r))} />);
      await openWithKeyboard(root);
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Enter' });
      const dialog = root.querySelector('[part~="confirm"]')!;
      await waitFor(() => dialog.getAttribute('data-status') === 'busy', { message: 'busy state' });
      expect(confirmButton(root).getAttribute('aria-busy')).to.equal('true');
      expect(cancelButton(root).getAttribute('aria-disabled')).to.equal('true');
      expect(root.querySelector('[part~="confirm"] [role="status"]')!.textContent).to.equal('Working, please wait…');
      // The busy button keeps focus, so a screen reader user is not thrown out of the dialog.
      expect(deepActiveElement()).to.equal(confirmButton(root));
      await expectNoAxeViolations(root);

      await sendKeys({ press: 'Escape' });
      cancelButton(root).click();
      await settle();
      expect(root.querySelector('[part~="confirm"]')).to.exist;

      finish(true);
      await waitFor(() => !root.querySelector('[part~="confirm"]'), { message: 'the dialog to close' });
      await waitFor(() => deepActiveElement() === root.querySelector('.trigger'), {
        message: 'focus back on the trigger',
      });
    });

    it('stays open for a retry when the request fails', async () => {
      const answers: Array<(ok: boolean) => void> = [];
      const { root } = await mount(<DeleteToken onConfirm={() => new Promise<boolean>((r) => answers.push(r))} />);
      await openWithKeyboard(root);
      confirmButton(root).focus();
      await sendKeys({ press: 'Enter' });
      const dialog = root.querySelector('[part~="confirm"]')!;
      await waitFor(() => dialog.getAttribute('data-status') === 'busy', { message: 'busy state' });
      answers[0]!(false);
      await waitFor(() => dialog.getAttribute('data-status') === 'idle', { message: 'back to idle' });
      expect(root.querySelector('[part~="confirm"]')).to.exist;
      expect(deepActiveElement()).to.equal(confirmButton(root));
      await sendKeys({ press: 'Enter' });
      await waitFor(() => answers.length === 2, { message: 'a second attempt' });
      answers[1]!(true);
      await waitFor(() => !root.querySelector('[part~="confirm"]'), { message: 'the dialog to close on retry' });
    });
  });

  describe('given a delete confirmation opened from inside the drawer', () => {
    it('closes only the confirmation on Escape and returns focus to Delete, still trapped in the drawer', async () => {
      const { root } = await mount(<EditTokenWithDelete />);
      root.querySelector<HTMLButtonElement>('.trigger')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => root.querySelector('[part~="drawer"]'), { message: 'the drawer to open' });
      await settle();
      const drawer = root.querySelector('[part~="drawer"]')!;
      const del = root.querySelector<HTMLButtonElement>('.delete')!;
      del.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => root.querySelector('[part~="confirm"]'), { message: 'the confirmation to open' });
      await waitFor(() => deepActiveElement()?.textContent === 'Cancel', { message: 'focus on Cancel' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()?.textContent).to.equal('Cancel');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !root.querySelector('[part~="confirm"]'), { message: 'the confirmation to close' });
      expect(root.querySelector('[part~="drawer"]')).to.equal(drawer);
      await waitFor(() => deepActiveElement() === del, { message: 'focus back on Delete' });
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(root.querySelector('.yx-dialog__close'));
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !root.querySelector('[part~="drawer"]'), { message: 'the drawer to close' });
      await waitFor(() => deepActiveElement() === root.querySelector('.trigger'), { message: 'focus on the trigger' });
    });
  });
});
