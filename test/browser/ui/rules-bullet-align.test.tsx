/** The password checklist in a narrow column: a rule that wraps keeps its bullet on its first
 * line, centred on it (it was centred on the whole item, so on the middle line). */
import { expect } from '@open-wc/testing';
import { PasswordChecklist } from '../../../src/ui/PasswordChecklist';
import { mount } from '../fixtures/harness';

describe('PasswordChecklist bullets', () => {
  for (const state of ['unmet', 'met'] as const) {
    it(`centres the bullet of a wrapped ${state} rule on its first line`, async () => {
      const m = await mount(
        <div style={{ width: '150px' }}>
          <PasswordChecklist id="rules" password={state === 'met' ? 'abc' : '中'} />
        </div>,
      );
      const item = m.root.querySelector<HTMLElement>('[part="password-rule"][data-rule="chars"]')!;
      expect(item.dataset.state).to.equal(state);
      const text = item.querySelector<HTMLElement>('.yx-rules__icon + span')!;
      const line = parseFloat(getComputedStyle(text).lineHeight);
      const textBox = text.getBoundingClientRect();
      expect(textBox.height / line, 'the rule wraps').to.be.at.least(2);
      const icon = item.querySelector<HTMLElement>('.yx-rules__icon')!.getBoundingClientRect();
      const firstLineMiddle = textBox.top + line / 2;
      expect(icon.top + icon.height / 2, 'the bullet is on the first line').to.be.closeTo(firstLineMiddle, 1);
      // The long text once squeezed the bullet into an ellipse.
      expect([icon.width, icon.height], 'a round bullet').to.deep.equal([8, 8]);

      // A rule on one line: the bullet stays centred on it.
      const one = m.root.querySelector<HTMLElement>('[part="password-rule"][data-rule="digit"]')!;
      const oneText = one.querySelector('.yx-rules__icon + span')!.getBoundingClientRect();
      const oneIcon = one.querySelector('.yx-rules__icon')!.getBoundingClientRect();
      expect(oneText.height).to.be.closeTo(line, 0.5);
      expect(oneIcon.top + oneIcon.height / 2).to.be.closeTo(oneText.top + oneText.height / 2, 1);
      m.remove();
    });
  }
});
