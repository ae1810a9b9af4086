import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { NewPasswordFields } from '../../../src/ui/NewPasswordFields';
import { useNewPassword } from '../../../src/ui/useNewPassword';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mount, settle, waitFor } from '../fixtures/harness';

function NewPasswordForm({ onValid }: { onValid(password: string): void }) {
  const form = useNewPassword({ busy: false, onValid });
  return (
    <form noValidate onSubmit={form.submit}>
      <NewPasswordFields newLabel="New password" confirmLabel="Confirm new password" form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

const input = (root: ShadowRoot, name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const errorOf = (field: HTMLInputElement) =>
  field.closest('[part="field"]')!.querySelector('[part="error"]')!.textContent;
const rules = (root: ShadowRoot) =>
  Object.fromEntries(
    [...root.querySelectorAll<HTMLElement>('[part="password-rule"]')].map((r) => [r.dataset.rule, r.dataset.state]),
  );

describe('NewPasswordFields', () => {
  it('labels both password fields and reads the rule checklist as the new password’s description', async () => {
    const m = await mount(<NewPasswordForm onValid={() => {}} />);
    const fresh = input(m.root, 'new_password');
    const confirm = input(m.root, 'confirm_password');
    expect(deepActiveElement() === fresh, 'the new password has the focus').to.equal(true);
    expect(fresh.labels![0]!.textContent).to.contain('New password');
    expect(confirm.labels![0]!.textContent).to.contain('Confirm new password');
    for (const field of [fresh, confirm]) {
      expect(field.type).to.equal('password');
      expect(field.autocomplete).to.equal('new-password');
      expect(field.getAttribute('aria-required')).to.equal('true');
    }
    const checklist = m.root.querySelector('[part="password-rules"]')!;
    expect(fresh.getAttribute('aria-describedby')!.split(' ')).to.include(checklist.id);
    expect(confirm.getAttribute('aria-describedby') ?? '').not.to.include(checklist.id);
    expect(m.root.querySelectorAll('[part~="password-toggle"]')).to.have.length(2);
    await sendKeys({ type: 'abc' });
    expect(rules(m.root)).to.deep.equal({
      length: 'unmet',
      letter: 'met',
      digit: 'unmet',
      symbol: 'unmet',
      chars: 'met',
    });
    await expectNoAxeViolations(m.root);
    m.remove();
  });

  it('says the confirmation differs once the user leaves it, and saves once both match', async () => {
    const saved: string[] = [];
    const m = await mount(<NewPasswordForm onValid={(password) => saved.push(password)} />);
    await sendKeys({ type: 'Abcdef1#' });
    input(m.root, 'confirm_password').focus();
    await sendKeys({ type: 'Abcdef1' });
    await sendKeys({ press: 'Tab' });
    await waitFor(() => errorOf(input(m.root, 'confirm_password')) === 'The passwords do not match', {
      message: 'the mismatch on the confirmation',
    });
    expect(errorOf(input(m.root, 'new_password'))).to.equal('');
    input(m.root, 'confirm_password').focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '#' });
    await settle();
    expect(errorOf(input(m.root, 'confirm_password'))).to.equal('');
    m.root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => saved.length === 1, { message: 'the password handed over' });
    expect(saved).to.deep.equal(['Abcdef1#']);
    m.remove();
  });
});
