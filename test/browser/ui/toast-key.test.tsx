/**
 * A toast about an action replaces the earlier toast of the same action: after a failed attempt,
 * the success of the next one is not shown beside the old "Failed to…" message.
 */
import { expect } from '@open-wc/testing';
import { useToast } from '../../../src/ui/Toast';
import type { ToastApi } from '../../../src/ui/Toast';
import { mount, settle } from '../fixtures/harness';

let api: ToastApi;
function Grab() {
  api = useToast();
  return null;
}

const shown = (root: ShadowRoot | Element) =>
  [...root.querySelectorAll<HTMLElement>('[part="toast"]')].map(
    (toast) => `${toast.dataset.tone}: ${toast.querySelector('span')!.textContent}`,
  );

describe('Toast keys', () => {
  it('replaces the failed attempt of an action with its later success', async () => {
    const m = await mount(<Grab />);
    api.error('Failed to change the avatar: not an image', 'avatar');
    await settle();
    api.error('Failed to change the avatar: too large', 'avatar');
    await settle();
    expect(shown(m.root)).to.deep.equal(['error: Failed to change the avatar: too large']);
    api.success('Modified successfully', 'avatar');
    await settle();
    expect(shown(m.root)).to.deep.equal(['success: Modified successfully']);
    m.remove();
  });

  it('leaves the toasts of other actions, and toasts without a key, alone', async () => {
    const m = await mount(<Grab />);
    api.error('Deletion failed, please retry');
    api.error('Failed to change the avatar: too large', 'avatar');
    await settle();
    api.success('Password changed', 'password');
    api.info('Saved');
    await settle();
    expect(shown(m.root)).to.have.members([
      'error: Deletion failed, please retry',
      'error: Failed to change the avatar: too large',
      'success: Password changed',
      'info: Saved',
    ]);
    m.remove();
  });
});
