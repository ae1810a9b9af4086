import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { useState } from 'react';
import { presetExpiryDay } from '../../../src/core/dates';
import { DateInput } from '../../../src/ui/DateInput';
import { Field } from '../../../src/ui/Field';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mount, settle, waitFor } from '../fixtures/harness';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function Expiry({ log, initial = '' }: { log: string[]; initial?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <Field label="Expiration date" required>
      <DateInput
        value={day}
        presets
        onChange={(next) => {
          log.push(next);
          setDay(next);
        }}
      />
    </Field>
  );
}

async function click(el: Element) {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
  await settle();
}

/** Types a day into the focused native date input, in the order of its segments on screen. */
async function typeDay(input: HTMLInputElement, day: string) {
  const [y, m, d] = day.split('-') as [string, string, string];
  // Focusing afresh puts the caret in the first segment; Chromium orders segments by locale.
  input.blur();
  input.focus();
  const order = new Intl.DateTimeFormat(navigator.language)
    .formatToParts(new Date(2001, 1, 3))
    .filter((p) => p.type !== 'literal')
    .map((p) => p.type);
  for (const part of order) await sendKeys({ type: part === 'year' ? y : part === 'month' ? m : d });
  await settle();
}

describe('DateInput', () => {
  it('writes the chosen day as YYYY-MM-DD under the field, whatever format the browser shows it in', async () => {
    for (const [locale, text] of [
      ['en_US', 'Expires on 2031-05-06'],
      ['zh_CN', '2031-05-06 过期'],
    ] as const) {
      const m = await mount(<Expiry log={[]} initial="2031-05-06" />, { locale });
      const input = m.root.querySelector<HTMLInputElement>('input[type="date"]')!;
      const hint = (await waitFor(() => m.root.querySelector<HTMLElement>('[part="date-hint"]'), {
        message: 'the hint',
      }))!;
      await waitFor(() => hint.textContent === text, { message: `"${text}", not "${hint.textContent}"` });
      expect(input.getAttribute('aria-describedby')!.split(' '), 'read with the field').to.include(hint.id);
      await expectNoAxeViolations(m.root);
      m.remove();
    }
    const empty = await mount(<Expiry log={[]} />);
    expect(empty.root.querySelector('[part="date-hint"]'), 'no day, no hint').to.equal(null);
    empty.remove();
  });

  it('keeps past days out of the calendar', async () => {
    const m = await mount(<Expiry log={[]} />);
    const input = m.root.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(input.min).to.equal(today());
    expect(m.root.querySelector('label')!.htmlFor).to.equal(input.id);
    expect(input.getAttribute('aria-required')).to.equal('true');
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('refuses a past day the user types and says why', async () => {
    const log: string[] = [];
    const m = await mount(<Expiry log={log} />);
    const input = m.root.querySelector<HTMLInputElement>('input[type="date"]')!;
    await typeDay(input, '2020-01-15');
    expect(input.value).to.equal('2020-01-15');
    expect(log).to.not.include('2020-01-15');
    expect(log.at(-1)).to.equal('');
    const error = (await waitFor(() => m.root.querySelector('[part="date-error"]'), { message: 'past-day message' }))!;
    expect(error.textContent).to.equal('The expiration time cannot be in the past');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-errormessage')).to.equal(error.id);
    await expectNoAxeViolations(m.root);

    const next = presetExpiryDay(400);
    await typeDay(input, next);
    expect(log.at(-1)).to.equal(next);
    expect(m.root.querySelector('[part="date-error"]')).to.equal(null);
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    m.remove();
  });

  it('fills in the day a preset lifetime lands on', async () => {
    const log: string[] = [];
    const m = await mount(<Expiry log={log} />);
    const radios = [...m.root.querySelectorAll<HTMLInputElement>('[part="date-input"] input[type="radio"]')];
    const labels = radios.map((r) => r.closest('label')!.textContent);
    expect(labels).to.deep.equal(['7 days', '30 days', '60 days', '90 days', 'Custom']);
    await click(radios[1]!.closest('label')!);
    expect(log.at(-1)).to.equal(presetExpiryDay(30));
    const input = m.root.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(input.value).to.equal(presetExpiryDay(30));
    // Arrow keys move through the presets like any radio group.
    radios[1]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => log.at(-1) === presetExpiryDay(60), { message: '60 days chosen' });
    expect(input.value).to.equal(presetExpiryDay(60));
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('shows no option chosen while there is no day, and Custom for a day of its own', async () => {
    const checked = (m: { root: ParentNode }) =>
      [...m.root.querySelectorAll<HTMLInputElement>('input[type="radio"]')]
        .filter((r) => r.checked)
        .map((r) => r.value);
    const empty = await mount(<Expiry log={[]} />);
    expect(checked(empty)).to.deep.equal([]);
    expect(empty.root.querySelectorAll('[part="radio"][data-state="checked"]')).to.have.length(0);
    await expectNoAxeViolations(empty.root);
    empty.remove();
    const own = await mount(<Expiry log={[]} initial={presetExpiryDay(10)} />);
    expect(checked(own)).to.deep.equal(['custom']);
    own.remove();
  });

  it('switches to Custom when the user edits the day a preset filled', async () => {
    const log: string[] = [];
    const m = await mount(<Expiry log={log} initial={presetExpiryDay(7)} />);
    const [seven] = [...m.root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(seven!.checked).to.equal(true);
    const input = m.root.querySelector<HTMLInputElement>('input[type="date"]')!;
    await typeDay(input, presetExpiryDay(10));
    expect(log.at(-1)).to.equal(presetExpiryDay(10));
    const custom = m.root.querySelector<HTMLInputElement>('input[type="radio"][value="custom"]')!;
    expect(custom.checked).to.equal(true);
    m.remove();
  });
});
