import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { useState } from 'react';
import { Button } from '../../../src/ui/Button';
import { Drawer } from '../../../src/ui/Drawer';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

function CreateTokenDrawer({ fields = true }: { fields?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="trigger" onClick={() => setOpen(true)}>
        Create token
      </button>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title="Create token"
        description="Tokens authenticate scripts and CI jobs."
        footer={
          <>
            <Button className="cancel" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button className="save" variant="primary">
              Save
            </Button>
          </>
        }
      >
        {fields ? (
          <>
            <label>
              Name <input name="name" />
            </label>
            <label>
              Description <textarea name="description" />
            </label>
          </>
        ) : (
          <p>Nothing to fill in.</p>
        )}
      </Drawer>
    </>
  );
}

async function shiftTab() {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

/** Focuses the trigger and presses Enter, as a keyboard user opens the drawer. */
async function openWithKeyboard(root: ShadowRoot) {
  root.querySelector<HTMLButtonElement>('.trigger')!.focus();
  await sendKeys({ press: 'Enter' });
  await waitFor(() => root.querySelector('[part~="drawer"]'), { message: 'the drawer to open' });
  // Jump to the end of the opening animation: axe measures colour contrast on what is painted
  // now, and a background test tab may not advance animations at all.
  for (const animation of root.getAnimations()) animation.finish();
  await settle();
}

const name = (el: Element | null) =>
  el ? `${el.localName}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}.${el.className}` : 'null';

describe('Drawer', () => {
  afterEach(() => {
    document.body.querySelectorAll('yx-test-harness').forEach((el) => el.remove());
  });

  describe('given a create-token form in a drawer', () => {
    it('puts the cursor in the first field when the drawer opens', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      await waitFor(() => deepActiveElement() === root.querySelector('input[name="name"]'), {
        message: 'focus on the Name field',
      });
    });

    it('keeps Tab inside the drawer: from Save, Tab goes round to the close button', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        await sendKeys({ press: 'Tab' });
        seen.push(name(deepActiveElement()));
      }
      expect(seen).to.deep.equal([
        'textarea[name=description].',
        'button.yx-button cancel',
        'button.yx-button save',
        'button.yx-dialog__close',
      ]);
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(root.querySelector('input[name="name"]'));
    });

    it('keeps Shift+Tab inside the drawer: from the close button it goes round to Save', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      await shiftTab();
      expect(deepActiveElement()).to.equal(root.querySelector('.yx-dialog__close'));
      await shiftTab();
      expect(deepActiveElement()).to.equal(root.querySelector('.save'));
    });

    it('never lets focus fall to the page body while tabbing around twice', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      const drawer = root.querySelector('[part~="drawer"]')!;
      for (let i = 0; i < 10; i++) {
        await sendKeys({ press: 'Tab' });
        expect(document.activeElement).not.to.equal(document.body);
        expect(drawer.contains(deepActiveElement())).to.equal(true);
      }
      for (let i = 0; i < 10; i++) {
        await shiftTab();
        expect(document.activeElement).not.to.equal(document.body);
        expect(drawer.contains(deepActiveElement())).to.equal(true);
      }
    });

    it('closes on Escape and gives focus back to the Create token button', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !root.querySelector('[part~="drawer"]'), { message: 'the drawer to close' });
      await waitFor(() => deepActiveElement() === root.querySelector('.trigger'), {
        message: 'focus back on the trigger',
      });
    });

    it('closes with the labelled close button and gives focus back to the trigger clicked with the mouse', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      const trigger = root.querySelector<HTMLButtonElement>('.trigger')!;
      const box = trigger.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.x + 5), Math.round(box.y + 5)] });
      await waitFor(() => root.querySelector('[part~="drawer"]'));
      const close = root.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!;
      expect(close).to.exist;
      const closeBox = close.getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(closeBox.x + closeBox.width / 2), Math.round(closeBox.y + closeBox.height / 2)],
      });
      await waitFor(() => !root.querySelector('[part~="drawer"]'), { message: 'the drawer to close' });
      await waitFor(() => deepActiveElement() === trigger, { message: 'focus back on the trigger' });
    });

    it('closes when the user clicks the dimmed page beside it', async () => {
      await setViewport({ width: 1200, height: 800 });
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      await sendMouse({ type: 'click', position: [50, 400] });
      await waitFor(() => !root.querySelector('[part~="drawer"]'), { message: 'the drawer to close' });
      await waitFor(() => deepActiveElement() === root.querySelector('.trigger'));
    });

    it('renders inside the element’s own shadow root as a labelled, described modal dialog', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      const drawer = root.querySelector('[part~="drawer"]')!;
      expect(document.body.querySelector('[role="dialog"]')).to.equal(null);
      expect(drawer.getAttribute('role')).to.equal('dialog');
      expect(drawer.getAttribute('aria-modal')).to.equal('true');
      expect(drawer.getAttribute('data-state')).to.equal('open');
      expect(root.getElementById(drawer.getAttribute('aria-labelledby')!)!.textContent).to.equal('Create token');
      expect(root.getElementById(drawer.getAttribute('aria-describedby')!)!.textContent).to.equal(
        'Tokens authenticate scripts and CI jobs.',
      );
    });

    it('pulls focus back inside when something behind the drawer gets it (the user re-enters the page)', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      const drawer = root.querySelector('[part~="drawer"]')!;
      // Re-entering the page with Tab from the browser toolbar reaches Radix's guard, then the trigger.
      document.querySelector<HTMLElement>('[data-radix-focus-guard]')!.focus();
      expect(drawer.contains(deepActiveElement())).to.equal(true);
      root.querySelector<HTMLButtonElement>('.trigger')!.focus();
      expect(drawer.contains(deepActiveElement())).to.equal(true);
    });

    it('has no axe violations, closed or open', async () => {
      const { root } = await mount(<CreateTokenDrawer />);
      await expectNoAxeViolations(root);
      await openWithKeyboard(root);
      await expectNoAxeViolations(root);
    });
  });

  describe('given a drawer with no fields', () => {
    it('focuses the first control there is (the close button) rather than leaving focus behind', async () => {
      const { root } = await mount(<CreateTokenDrawer fields={false} />);
      await openWithKeyboard(root);
      await waitFor(() => deepActiveElement() === root.querySelector('.yx-dialog__close'));
    });
  });

  describe('given different screen widths', () => {
    after(() => setViewport({ width: 800, height: 600 }));

    it('is 640px wide on a desktop screen and takes the full width on a phone', async () => {
      await setViewport({ width: 1200, height: 800 });
      const { root } = await mount(<CreateTokenDrawer />);
      await openWithKeyboard(root);
      const drawer = root.querySelector('[part~="drawer"]')!;
      await waitFor(() => Math.round(drawer.getBoundingClientRect().width) === 640, { message: 'width 640' });
      // Docked right once its slide-in animation has finished.
      await waitFor(() => Math.round(drawer.getBoundingClientRect().right) === 1200, { message: 'docked right' });
      await setViewport({ width: 500, height: 800 });
      await waitFor(() => Math.round(drawer.getBoundingClientRect().width) === 500, { message: 'full width' });
    });
  });

  describe('given a Chinese interface', () => {
    it('labels the close button in Chinese', async () => {
      const { root } = await mount(<CreateTokenDrawer />, { locale: 'zh_CN' });
      await openWithKeyboard(root);
      expect(root.querySelector('.yx-dialog__close')!.getAttribute('aria-label')).to.equal('关闭');
    });
  });
});

describe('a drawer in an element nested in another element', () => {
  it('hides the rest of the page from screen readers while open, and restores it on close', async () => {
    const sibling = document.createElement('p');
    sibling.textContent = 'page text';
    document.body.append(sibling);
    const outer = document.createElement('div');
    document.body.append(outer);
    const outerRoot = outer.attachShadow({ mode: 'open' });
    const beside = document.createElement('nav');
    outerRoot.append(beside);
    const m = await mount(<DrawerInOuterRoot />);
    outerRoot.append(m.host);
    await settle();
    (m.root.querySelector('button') as HTMLButtonElement).click();
    await waitFor(() => m.root.querySelector('[part~="drawer"]'));
    expect(sibling.getAttribute('aria-hidden')).to.equal('true');
    expect(beside.getAttribute('aria-hidden')).to.equal('true');
    expect(m.root.querySelector('[part~="drawer"]')!.closest('[aria-hidden="true"]')).to.equal(null);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !m.root.querySelector('[part~="drawer"]'));
    expect(sibling.hasAttribute('aria-hidden')).to.equal(false);
    expect(beside.hasAttribute('aria-hidden')).to.equal(false);
    m.remove();
    outer.remove();
    sibling.remove();
  });
});

function DrawerInOuterRoot() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Drawer open={open} onOpenChange={setOpen} title="Nested">
        <input aria-label="Name" />
      </Drawer>
    </>
  );
}
