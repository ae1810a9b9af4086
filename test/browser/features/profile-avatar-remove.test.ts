/** <yx-profile>: removing the avatar, after a confirmation, goes back to the initials. */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-profile';
import { sendKeys } from '@web/test-runner-commands';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { $, ME, MY_AVATAR, callsMatching, me, stillFrame, toasts } from './profile-fixtures';

const OLD = '/avatars/old.png';

const removeButton = (el: Element) => $(el, '[part~="avatar-remove-button"]');
const fileInput = (el: Element) => $(el, 'input[type="file"]');

describe('<yx-profile> removing the avatar', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('offers Remove only when there is an avatar', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me({ avatar: null }) }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part~="avatar-initials"]'));
    expect(removeButton(el)).to.equal(null);

    const api2 = await mockApi([{ method: 'GET', path: ME, body: me({ avatar: OLD }) }]);
    const el2 = await mountElement('yx-profile', { host: api2.host, locale: 'zh_CN' });
    const button = (await waitFor(() => removeButton(el2)))!;
    expect(button.tagName).to.equal('BUTTON');
    expect(button.textContent).to.equal('移除');
    expect(button.getAttribute('part')).to.equal('button avatar-remove-button');
    expect(button.getAttribute('data-variant')).to.equal('link');
  });

  it('asks first, starting on Cancel, and Cancel keeps the avatar without a call', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me({ avatar: OLD }) }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    (await waitFor(() => removeButton(el)))!.click();
    const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
    expect(confirm.getAttribute('role')).to.equal('alertdialog');
    expect($(el, '[part~="confirm-title"]')!.textContent).to.equal('Remove your avatar?');
    expect($(el, '[part~="confirm-description"]')!.textContent).to.equal('Your initials are shown instead.');
    expect($(el, '[part~="confirm-button"]')!.textContent).to.equal('Remove');
    await waitFor(() => deepActiveElement() === $(el, '[part~="cancel-button"]'), { message: 'focus on Cancel' });
    await stillFrame(el);
    await expectNoAxeViolations(el.shadowRoot!);

    ($(el, '[part~="cancel-button"]') as HTMLButtonElement).click();
    await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
    expect(($(el, 'img[part~="avatar"]') as HTMLImageElement).getAttribute('src')).to.equal(OLD);
    expect(removeButton(el)).to.not.equal(null);
    await settle();
    expect((await api.calls()).filter((c) => c.path !== ME)).to.deep.equal([]);
  });

  it('removes it with the keyboard alone: initials at once, a toast, and the focus on Upload avatar', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: OLD, name: 'Lin Wei' }) },
      { method: 'PUT', path: MY_AVATAR, body: { avatar: null } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    const updates: unknown[] = [];
    el.addEventListener('yx-profile-update', (e) => updates.push(e.detail));
    await waitFor(() => removeButton(el));
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement(), 'Upload avatar first').to.equal(fileInput(el));
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement(), 'then Remove').to.equal(removeButton(el));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActiveElement() === $(el, '[part~="cancel-button"]'), { message: 'focus on Cancel' });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal($(el, '[part~="confirm-button"]'));
    await sendKeys({ press: 'Enter' });

    const [call] = await callsMatching(api, (c) => c.path === MY_AVATAR);
    expect(call!.method).to.equal('PUT');
    expect(call!.body).to.deep.equal({ avatar: null });
    const initials = (await waitFor(() => $(el, '[part~="avatar-initials"]'), { message: 'the initials' }))!;
    expect(initials.textContent).to.equal('LW');
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    await waitFor(() => toasts(el).includes('Avatar removed'), { message: 'the success toast' });
    await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
    expect(removeButton(el)).to.equal(null);
    await waitFor(() => deepActiveElement() === fileInput(el), { message: 'focus on Upload avatar' });
    expect(updates).to.deep.equal([{ field: 'avatar' }]);
  });

  it('says so in Chinese', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: OLD }) },
      { method: 'PUT', path: MY_AVATAR, body: { avatar: null } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    (await waitFor(() => removeButton(el)))!.click();
    await waitFor(() => $(el, '[part~="confirm-button"]'));
    expect($(el, '[part~="confirm-title"]')!.textContent).to.equal('移除头像？');
    expect($(el, '[part~="confirm-description"]')!.textContent).to.equal('将改为显示您的姓名首字。');
    ($(el, '[part~="confirm-button"]') as HTMLButtonElement).click();
    await waitFor(() => toasts(el).includes('头像已移除'), { message: 'the success toast' });
  });

  it('keeps the avatar and the confirmation when the server refuses', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: OLD }) },
      { method: 'PUT', path: MY_AVATAR, status: 409, body: { code: 'busy', message: 'The account is busy' } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    (await waitFor(() => removeButton(el)))!.click();
    await waitFor(() => $(el, '[part~="confirm-button"]'));
    ($(el, '[part~="confirm-button"]') as HTMLButtonElement).click();
    await waitFor(() => toasts(el).length > 0, { message: 'the failure toast' });
    expect(toasts(el)).to.deep.equal(['Failed to change the avatar: The account is busy']);
    expect($(el, '[part~="confirm"]'), 'open for a retry').to.not.equal(null);
    expect(($(el, 'img[part~="avatar"]') as HTMLImageElement).getAttribute('src')).to.equal(OLD);
    expect($(el, '[part~="avatar-initials"]')).to.equal(null);
  });
});
