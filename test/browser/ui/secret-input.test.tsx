import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { SecretInput } from '../../../src/ui/SecretInput';
import type { SecretInputProps } from '../../../src/ui/SecretInput';
import { mount, settle } from '../fixtures/harness';

function Password(props: Omit<SecretInputProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <SecretInput {...props} value={value} onChange={setValue} />;
}

describe('SecretInput', () => {
  it('shows the password while its toggle is pressed and hides it again', async () => {
    const m = await mount(
      <Password name="password" autoComplete="current-password" togglePart="button password-toggle" />,
    );
    const input = m.root.querySelector('input')!;
    const toggle = m.root.querySelector<HTMLButtonElement>('button')!;
    expect(input.closest('span')!.className).to.equal('yx-secret');
    expect(toggle.getAttribute('part')).to.equal('button password-toggle');
    expect(toggle.classList.contains('yx-secret__toggle')).to.equal(true);
    expect(toggle.getAttribute('aria-label')).to.equal('Show password');
    expect([input.type, toggle.getAttribute('aria-pressed')]).to.deep.equal(['password', 'false']);
    toggle.click();
    await settle();
    expect([input.type, toggle.getAttribute('aria-pressed')]).to.deep.equal(['text', 'true']);
    toggle.click();
    await settle();
    expect(input.type).to.equal('password');
    m.remove();
  });

  it('takes a screen’s own classes, toggle parts and toggle name', async () => {
    const m = await mount(
      <Password
        name="old_password"
        autoComplete="current-password"
        className="yx-profile-secret"
        togglePart="button reveal-button"
        toggleLabel="Show Current password"
      />,
    );
    const toggle = m.root.querySelector<HTMLButtonElement>('button')!;
    expect(m.root.querySelector('input')!.closest('span')!.className).to.equal('yx-profile-secret');
    expect(toggle.getAttribute('part')).to.equal('button reveal-button');
    expect(toggle.classList.contains('yx-profile-secret__toggle')).to.equal(true);
    expect(toggle.classList.contains('yx-secret__toggle')).to.equal(false);
    expect(toggle.getAttribute('aria-label')).to.equal('Show Current password');
    m.remove();
  });
});
