import { expect } from '@open-wc/testing';
import '../../../elements/yx-profile';
import { sendKeys } from '@web/test-runner-commands';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { $, AVATARS, ME, MY_AVATAR, callsMatching, me, toasts } from './profile-fixtures';

const OLD = '/avatars/old.png';
const NEW = '/avatars/new.png';
const KEPT = '/avatars/new-256.png';

/** Chooses a file in the (visually hidden) file input, as the picker would. */
function choose(el: Element, file: File) {
  const input = $(el, 'input[type="file"]') as HTMLInputElement;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A PNG-typed file of `size` bytes (the content is never decoded by the tests' assertions). */
const png = (size: number, name = 'me.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('<yx-profile> avatar', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('offers a labelled, keyboard-reachable upload control with the rules beside it', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me() }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="account"]'));
    const input = $(el, 'input[type="file"]') as HTMLInputElement;
    expect(input.labels![0]!.textContent).to.equal('Upload avatar');
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement(), 'the first Tab stop of the tab').to.equal(input);
    expect(input.accept).to.contain('image/png');
    const hint = el.shadowRoot!.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(hint.textContent).to.equal('JPG, JPEG, PNG or GIF, up to 1 MB');
  });

  it('refuses an SVG before sending anything', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me({ avatar: OLD }) }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, 'img[part~="avatar"]'));
    choose(el, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    await settle();
    expect($(el, '[part="avatar-section"] [part="error"]')!.textContent).to.equal(
      'The avatar must be a JPG, JPEG, PNG or GIF image',
    );
    expect(toasts(el)).to.include('The avatar must be a JPG, JPEG, PNG or GIF image');
    expect(($(el, 'img[part~="avatar"]') as HTMLImageElement).getAttribute('src')).to.equal(OLD);
    expect((await api.calls()).filter((c) => c.path !== ME)).to.deep.equal([]);
  });

  it('refuses a file of 1 MB and one byte before sending anything (in Chinese too)', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me() }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => $(el, '[part="account"]'));
    choose(el, png(1024 * 1024 + 1));
    await settle();
    expect($(el, '[part="avatar-section"] [part="error"]')!.textContent).to.equal('头像大小不能超过 1 MB');
    expect((await api.calls()).filter((c) => c.path !== ME)).to.deep.equal([]);
  });

  it('uploads a new avatar with progress and a preview, then saves and shows it', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: OLD }) },
      { method: 'POST', path: AVATARS, body: { url: NEW }, delayMs: 400 },
      { method: 'PUT', path: MY_AVATAR, body: { avatar: KEPT } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US', 'csrf-token': 'csrf-1' });
    const updates: unknown[] = [];
    el.addEventListener('yx-profile-update', (e) => updates.push(e.detail));
    await waitFor(() => $(el, 'img[part~="avatar"]'));
    choose(el, png(1024 * 1024, 'portrait.png'));

    const progress = (await waitFor(() => $(el, 'progress[part="progress"]'))) as HTMLProgressElement;
    expect(progress.max).to.equal(100);
    expect(progress.getAttribute('aria-label')).to.equal('Avatar upload progress');
    // A data: URL, which strict page policies allow for images (blob: they usually do not).
    const preview = (await waitFor(() => $(el, 'img[part~="avatar"][data-state="preview"]'))) as HTMLImageElement;
    expect(preview.src).to.match(/^data:image\/png;base64,/);
    await waitFor(() => progress.value === 100, { message: 'the upload to reach 100%' });
    expect($(el, '[part="progress-value"]')!.textContent).to.equal('100%');
    expect(($(el, 'input[type="file"]') as HTMLInputElement).getAttribute('aria-disabled')).to.equal('true');

    await waitFor(() => toasts(el).includes('Modified successfully'), { message: 'the success toast' });
    expect($(el, 'progress')).to.equal(null);
    expect(($(el, 'img[part~="avatar"]') as HTMLImageElement).getAttribute('src'), 'the URL the server kept').to.equal(
      KEPT,
    );
    expect(updates).to.deep.equal([{ field: 'avatar' }]);

    const [upload] = await callsMatching(api, (c) => c.path === AVATARS);
    expect(upload!.method).to.equal('POST');
    expect(upload!.headers['content-type']).to.match(/^multipart\/form-data; boundary=/);
    expect(upload!.headers['x-requested-with']).to.equal('XMLHttpRequest');
    expect(upload!.headers['x-csrf-token']).to.equal('csrf-1');
    expect(upload!.body as string).to.contain('Content-Disposition: form-data; name="file"; filename="portrait.png"');
    expect(upload!.body as string).to.contain('Content-Type: image/png');
    const [save] = await callsMatching(api, (c) => c.path === MY_AVATAR);
    expect(save!.method).to.equal('PUT');
    expect(save!.body).to.deep.equal({ avatar: NEW });
  });

  it('lets every user follow the upload (progress bar and preview)', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: OLD }) },
      { method: 'POST', path: AVATARS, body: { url: NEW }, delayMs: 5000 },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => $(el, 'img[part~="avatar"]'));
    choose(el, png(4096));
    const progress = (await waitFor(() => $(el, 'progress[part="progress"]')))! as HTMLProgressElement;
    expect(progress.getAttribute('aria-label')).to.equal('头像上传进度');
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('replaces the failure toast of an earlier attempt with the success of the next one', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: OLD }) },
      { method: 'POST', path: AVATARS, body: { url: NEW } },
      { method: 'PUT', path: MY_AVATAR, body: { avatar: KEPT } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, 'img[part~="avatar"]'));
    choose(el, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    await waitFor(() => toasts(el).length > 0, { message: 'the refusal toast' });
    choose(el, png(2048));
    await waitFor(() => toasts(el).includes('Modified successfully'), { message: 'the success toast' });
    expect(toasts(el)).to.deep.equal(['Modified successfully']);
    expect($(el, '[part="avatar-section"] [part="error"]')!.textContent).to.equal('');
  });

  it('keeps the old avatar when the upload fails', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: OLD }) },
      { method: 'POST', path: AVATARS, status: 413, body: { code: 'too_large', message: 'The file is too large' } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, 'img[part~="avatar"]'));
    choose(el, png(2048));
    await waitFor(() => toasts(el).length > 0, { message: 'the failure toast' });
    expect(toasts(el)).to.deep.equal(['Failed to change the avatar: The file is too large']);
    expect($(el, '[part="avatar-section"] [part="error"]')!.textContent).to.equal(
      'Failed to change the avatar: The file is too large',
    );
    expect(($(el, 'img[part~="avatar"]') as HTMLImageElement).getAttribute('src')).to.equal(OLD);
    expect((await api.calls()).some((c) => c.path === MY_AVATAR)).to.equal(false);
  });

  it('keeps the old avatar when saving the uploaded picture fails', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: null }) },
      { method: 'POST', path: AVATARS, body: { url: NEW } },
      { method: 'PUT', path: MY_AVATAR, status: 500, body: { code: 'x', requestId: 'req-7' } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => $(el, '[part~="avatar-initials"]'));
    choose(el, new File([new Uint8Array(10)], 'a.JPG', { type: 'image/jpeg' }));
    await waitFor(() => toasts(el).length > 0);
    expect(toasts(el)).to.deep.equal(['修改头像失败：系统异常，请重试（请求 ID：req-7）']);
    expect($(el, '[part~="avatar-initials"]')).to.not.equal(null);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
  });

  it('refuses to save an unsafe URL answered by the upload and keeps showing initials', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ avatar: null }) },
      { method: 'POST', path: AVATARS, body: { url: 'javascript:alert(1)' } },
      { method: 'PUT', path: MY_AVATAR, body: {} },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part~="avatar-initials"]'));
    choose(el, png(10));
    await waitFor(() => toasts(el).length > 0);
    expect(toasts(el)).to.deep.equal([
      'Failed to change the avatar: The server sent a response that could not be read',
    ]);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect($(el, '[part~="avatar-initials"]')).to.not.equal(null);
    expect((await api.calls()).some((c) => c.path === MY_AVATAR)).to.equal(false);
  });
});
