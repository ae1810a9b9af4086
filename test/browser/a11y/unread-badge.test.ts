// features/unread-badge.test.ts runs axe in English; this is the Chinese badge.
import { expect } from '@open-wc/testing';
import '../../../elements/yx-unread-badge';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { COUNT, counts, useFakeEventSource } from '../features/notifications-fixtures';

const link = (el: Element) => el.shadowRoot!.querySelector<HTMLAnchorElement>('a[part="link"]');

describe('<yx-unread-badge> accessibility in Chinese', () => {
  let restoreEventSource: () => void;
  beforeEach(() => {
    restoreEventSource = useFakeEventSource();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreEventSource();
  });

  it('lets every user use it, with and without a count', async () => {
    for (const byApp of [{}, { codeup: 120 }] as Array<Record<string, number>>) {
      const api = await mockApi([{ method: 'POST', path: COUNT, body: counts(byApp) }]);
      const el = await mountElement('yx-unread-badge', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => link(el)?.dataset.count !== undefined, { message: 'the count' });
      expect(link(el)!.getAttribute('aria-label')).to.match(/^消息/);
      await expectNoAxeViolations(el.shadowRoot!);
      el.remove();
    }
  });
});
