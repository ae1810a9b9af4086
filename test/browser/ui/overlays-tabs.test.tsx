import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { Tab, TabList, TabPanel, Tabs } from '../../../src/ui/Tabs';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

const sections = [
  { value: 'personal', label: 'Personal tokens', content: <p>Personal token list</p> },
  { value: 'legacy', label: 'Legacy tokens', content: <p>Legacy token list</p> },
  { value: 'ssh', label: 'SSH keys', content: <p>SSH key list</p> },
];

function SettingsTabs() {
  return (
    <>
      <button type="button" className="before">
        Before
      </button>
      <Tabs label="Access settings" items={sections} />
    </>
  );
}

const tab = (root: ShadowRoot, label: string) =>
  [...root.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === label)!;
const panelText = (root: ShadowRoot) => root.querySelector('[role="tabpanel"]:not([hidden])')!.textContent;

async function click(element: Element) {
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
  await settle();
}

describe('Tabs', () => {
  afterEach(() => {
    document.body.querySelectorAll('yx-test-harness').forEach((el) => el.remove());
  });

  describe('given access settings split into three tabs', () => {
    it('shows the first section until the user picks another one with the mouse', async () => {
      const { root } = await mount(<SettingsTabs />);
      expect(panelText(root)).to.equal('Personal token list');
      expect(tab(root, 'Personal tokens').getAttribute('aria-selected')).to.equal('true');
      await click(tab(root, 'SSH keys'));
      expect(panelText(root)).to.equal('SSH key list');
      expect(tab(root, 'SSH keys').getAttribute('data-state')).to.equal('active');
      expect(tab(root, 'Personal tokens').getAttribute('aria-selected')).to.equal('false');
    });

    it('lands on the selected tab when tabbing in, not on the last one', async () => {
      const { root } = await mount(<SettingsTabs />);
      root.querySelector<HTMLButtonElement>('.before')!.focus();
      await sendKeys({ press: 'Tab' });
      await settle();
      expect(deepActiveElement()).to.equal(tab(root, 'Personal tokens'));
      expect(panelText(root)).to.equal('Personal token list');
    });

    it('moves between tabs with the arrow keys, wrapping at both ends, and with Home / End', async () => {
      const { root } = await mount(<SettingsTabs />);
      tab(root, 'Personal tokens').focus();
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => panelText(root) === 'Legacy token list', { message: 'the legacy panel' });
      expect(deepActiveElement()).to.equal(tab(root, 'Legacy tokens'));
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => panelText(root) === 'Personal token list', { message: 'wrap to the first panel' });
      await sendKeys({ press: 'ArrowLeft' });
      await waitFor(() => panelText(root) === 'SSH key list', { message: 'wrap to the last panel' });
      await sendKeys({ press: 'Home' });
      await waitFor(() => panelText(root) === 'Personal token list', { message: 'Home' });
      await sendKeys({ press: 'End' });
      await waitFor(() => panelText(root) === 'SSH key list', { message: 'End' });
      expect(deepActiveElement()).to.equal(tab(root, 'SSH keys'));
    });

    it('reaches the open panel with one Tab from the selected tab', async () => {
      const { root } = await mount(<SettingsTabs />);
      tab(root, 'Personal tokens').focus();
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(root.querySelector('[role="tabpanel"]:not([hidden])'));
    });

    it('exposes parts and a named tab list for styling and screen readers', async () => {
      const { root } = await mount(<SettingsTabs />);
      expect(root.querySelector('[part~="tabs"]')).to.exist;
      expect(root.querySelector('[part~="tab-list"]')!.getAttribute('aria-label')).to.equal('Access settings');
      expect(root.querySelectorAll('[part~="tab"]').length).to.equal(3);
      expect(root.querySelector('[part~="tab-panel"]')).to.exist;
    });

    it('has no axe violations before and after switching', async () => {
      const { root } = await mount(<SettingsTabs />);
      await expectNoAxeViolations(root);
      await click(tab(root, 'Legacy tokens'));
      await expectNoAxeViolations(root);
    });
  });

  describe('given tabs composed from parts with a disabled tab', () => {
    it('skips the disabled tab with the arrow keys', async () => {
      const { root } = await mount(
        <Tabs defaultValue="a">
          <TabList label="Sections">
            <Tab value="a">Alpha</Tab>
            <Tab value="b" disabled>
              Beta
            </Tab>
            <Tab value="c">Gamma</Tab>
          </TabList>
          <TabPanel value="a">Alpha panel</TabPanel>
          <TabPanel value="b">Beta panel</TabPanel>
          <TabPanel value="c">Gamma panel</TabPanel>
        </Tabs>,
      );
      tab(root, 'Alpha').focus();
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => panelText(root) === 'Gamma panel', { message: 'the gamma panel' });
      expect(deepActiveElement()).to.equal(tab(root, 'Gamma'));
      await expectNoAxeViolations(root);
    });
  });
});
