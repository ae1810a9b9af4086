/** The segmented RadioGroup (the token expiry presets) on a narrow screen: its buttons wrap, and
 * each row must still look whole: every button rounded and bordered on all sides, none
 * overlapping its neighbour, and a gap between rows (the joined segments once broke into rows of
 * pieces with square ends that touched). */
import { expect } from '@open-wc/testing';
import { DateInput } from '../../../src/ui/DateInput';
import { Field } from '../../../src/ui/Field';
import { mount } from '../fixtures/harness';

const px = (value: string) => parseFloat(value);

describe('RadioGroup segmented, wrapped', () => {
  for (const width of [240, 320, 900]) {
    it(`draws every preset as a whole button at ${width} px`, async () => {
      const m = await mount(
        <div style={{ width: `${width}px` }}>
          <Field label="Expiration date" required>
            <DateInput value="" presets onChange={() => {}} />
          </Field>
        </div>,
      );
      const labels = [...m.root.querySelectorAll<HTMLElement>('[part="radio"] .yx-radio__label')];
      expect(labels.length).to.equal(5);
      for (const label of labels) {
        const style = getComputedStyle(label);
        const name = label.textContent;
        for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
          expect(px(style[`border${side}Width`]), `${name}: ${side} border`).to.be.at.least(1);
        }
        for (const corner of ['TopLeft', 'TopRight', 'BottomRight', 'BottomLeft'] as const) {
          expect(px(style[`border${corner}Radius`]), `${name}: ${corner} corner`).to.be.above(0);
        }
      }
      const boxes = labels.map((l) => l.getBoundingClientRect());
      const rows: DOMRect[][] = [];
      for (const box of boxes) {
        const row = rows.find((r) => Math.abs(r[0]!.top - box.top) < 1);
        if (row) row.push(box);
        else rows.push([box]);
      }
      if (width < 400) expect(rows.length, 'the presets wrap').to.be.above(1);
      const left = Math.min(...boxes.map((b) => b.left));
      for (const row of rows) {
        expect(row[0]!.left, 'each row starts at the same edge').to.be.closeTo(left, 0.5);
        for (let i = 1; i < row.length; i++) {
          expect(row[i]!.left - row[i - 1]!.right, 'a gap between buttons of a row').to.be.at.least(4);
        }
      }
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]![0]!.top - rows[i - 1]![0]!.bottom, 'a gap between rows').to.be.at.least(4);
      }
      m.remove();
    });
  }
});
