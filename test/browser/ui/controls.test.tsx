import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { Field, Input } from '../../../src/ui/Field';
import { DigitsInput } from '../../../src/ui/DigitsInput';
import { Select } from '../../../src/ui/Select';
import { TextArea } from '../../../src/ui/TextArea';
import { Checkbox } from '../../../src/ui/Choice';
import { RadioGroup } from '../../../src/ui/RadioGroup';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

function byId(root: ShadowRoot, id: string | null): HTMLElement {
  const el = id ? root.getElementById(id) : null;
  if (!el) throw new Error(`no element #${id}`);
  return el;
}

describe('Field', () => {
  describe('given a name field with an error', () => {
    it('tells the user what is wrong next to the field and marks the field invalid', async () => {
      const m = await mount(
        <Field label="Name" hint="Up to 200 characters" error="Enter a name" required>
          <Input />
        </Field>,
      );
      const input = m.root.querySelector('input')!;
      const label = m.root.querySelector('label')!;
      expect(label.htmlFor).to.equal(input.id);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-required')).to.equal('true');
      const described = input.getAttribute('aria-describedby')!.split(' ');
      expect(described.map((id) => byId(m.root, id).textContent)).to.deep.equal([
        'Up to 200 characters',
        'Enter a name',
      ]);
      expect(byId(m.root, input.getAttribute('aria-errormessage')).textContent).to.equal('Enter a name');
      expect(m.root.querySelector('[part="field"]')!.getAttribute('data-status')).to.equal('invalid');
      await expectNoAxeViolations(m.root);
      m.remove();
    });

    it('clears the invalid marks once the error is fixed', async () => {
      const m = await mount(
        <Field label="Name" error="Enter a name">
          <Input />
        </Field>,
      );
      await m.rerender(
        <Field label="Name">
          <Input defaultValue="ok" />
        </Field>,
      );
      const input = m.root.querySelector('input')!;
      expect(input.hasAttribute('aria-invalid')).to.equal(false);
      expect(input.hasAttribute('aria-errormessage')).to.equal(false);
      expect(m.root.querySelector('[part="error"]')!.textContent).to.equal('');
      m.remove();
    });
  });
});

describe('TextArea', () => {
  function Description() {
    const [text, setText] = useState('');
    return (
      <Field label="Description">
        <TextArea value={text} onChange={(e) => setText(e.target.value)} maxLength={200} showCount />
      </Field>
    );
  }

  it('shows how many characters the user has typed out of the limit', async () => {
    const m = await mount(<Description />);
    const textarea = m.root.querySelector('textarea')!;
    const counter = m.root.querySelector('[part="counter"]')!;
    expect(counter.querySelector('[aria-hidden]')!.textContent).to.equal('0/200');
    textarea.focus();
    await sendKeys({ type: 'Hello world!' });
    await waitFor(() => counter.querySelector('[aria-hidden]')!.textContent === '12/200', {
      message: 'counter 12/200',
    });
    expect(textarea.getAttribute('aria-describedby')).to.contain(counter.id);
    expect(counter.textContent).to.contain('12 of 200 characters');
    await expectNoAxeViolations(m.root);
    m.remove();
  });
});

describe('DigitsInput', () => {
  it('lets the user type digits and edit them but ignores letters', async () => {
    const m = await mount(
      <>
        <Field label="Code">
          <DigitsInput />
        </Field>
        <button type="button">after</button>
      </>,
    );
    const input = m.root.querySelector('input')!;
    input.focus();
    await sendKeys({ type: '12ab3-x4' });
    expect(input.value).to.equal('1234');
    await sendKeys({ press: 'Backspace' });
    expect(input.value).to.equal('123');
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'Delete' });
    expect(input.value).to.equal('12');
    expect(input.getAttribute('inputmode')).to.equal('numeric');
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()?.textContent).to.equal('after');
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('keeps only the digits of pasted text', async () => {
    const seen: string[] = [];
    function Mobile() {
      const [value, setValue] = useState('1');
      return (
        <Field label="Mobile">
          <DigitsInput
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
    input.setSelectionRange(1, 1);
    const data = new DataTransfer();
    data.setData('text/plain', '38-0013 8000');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await settle();
    expect(input.value).to.equal('13800138000');
    expect(seen).to.deep.equal(['13800138000']);
    m.remove();
  });
});

describe('Select', () => {
  it('lets the user pick a language with the keyboard', async () => {
    const picked: string[] = [];
    function Language() {
      const [value, setValue] = useState('zh_CN');
      return (
        <Field label="Language">
          <Select
            value={value}
            onChange={(e) => {
              picked.push(e.target.value);
              setValue(e.target.value);
            }}
            options={[
              { value: 'zh_CN', label: '简体中文' },
              { value: 'en_US', label: 'English' },
            ]}
          />
        </Field>
      );
    }
    const m = await mount(<Language />);
    const select = m.root.querySelector('select')!;
    expect(m.root.querySelector('label')!.htmlFor).to.equal(select.id);
    select.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => select.value === 'en_US', { message: 'English chosen' });
    expect(picked).to.deep.equal(['en_US']);
    await expectNoAxeViolations(m.root);
    m.remove();
  });
});

describe('Checkbox', () => {
  it('shows a partly selected group as mixed, and checks it on click', async () => {
    const m = await mount(<Checkbox indeterminate>Select all</Checkbox>);
    const box = m.root.querySelector('input')!;
    const label = m.root.querySelector('[part="checkbox"]')!;
    expect(box.indeterminate).to.equal(true);
    expect(label.getAttribute('data-state')).to.equal('indeterminate');
    await expectNoAxeViolations(m.root);
    await m.rerender(<Checkbox>Select all</Checkbox>);
    expect(box.indeterminate).to.equal(false);
    box.focus();
    await sendKeys({ press: 'Space' });
    await settle();
    expect(box.checked).to.equal(true);
    expect(label.getAttribute('data-state')).to.equal('checked');
    m.remove();
  });
});

describe('RadioGroup', () => {
  function Scope() {
    const [value, setValue] = useState('all');
    return (
      <Field
        label="Applicable scope"
        group
        required
        error={value === 'read' ? 'Read-only keys cannot push' : undefined}
      >
        <RadioGroup
          value={value}
          onChange={setValue}
          options={[
            { value: 'all', label: 'Read and write' },
            { value: 'read', label: 'Read-only' },
          ]}
        />
      </Field>
    );
  }

  it('names the choices with the field label and moves the choice with arrow keys', async () => {
    const m = await mount(<Scope />);
    const group = m.root.querySelector('fieldset')!;
    expect(group.querySelector('legend')!.textContent).to.equal('Applicable scope*');
    expect(group.getAttribute('aria-required')).to.equal('true');
    const [all, read] = [...m.root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(all!.checked).to.equal(true);
    all!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => read!.checked, { message: 'Read-only chosen' });
    expect(group.getAttribute('aria-invalid')).to.equal('true');
    expect(byId(m.root, group.getAttribute('aria-errormessage')).textContent).to.equal('Read-only keys cannot push');
    await expectNoAxeViolations(m.root);
    m.remove();
  });
});
