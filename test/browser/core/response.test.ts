import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import { expectShape } from '../../../src/core/response';
import { createHttpClient, HttpError } from '../../../src/core/http';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import { createTranslator } from '../../../src/core/i18n/index';
import { mockApi } from '../fixtures/harness';

const t = createTranslator('en_US');
const page = v.object({ items: v.array(v.object({ id: v.string() })), total: v.number() });

describe('expectShape', () => {
  it('passes a well-formed answer through, typed', async () => {
    const api = await mockApi([{ path: '/list', body: { items: [{ id: 'a' }], total: 1, extra: true } }]);
    const http = createHttpClient({ settings: () => ({ ...DEFAULT_SETTINGS, host: api.host, locale: 'en_US' }) });
    const [error, value] = expectShape(await http.get('/list'), page, t);
    expect(error).to.equal(null);
    expect(value!.items[0]!.id).to.equal('a');
  });

  it('turns an answer of the wrong shape into a malformed error instead of a crash later', async () => {
    const api = await mockApi([{ path: '/list', body: { items: 'not a list' } }]);
    const http = createHttpClient({ settings: () => ({ ...DEFAULT_SETTINGS, host: api.host, locale: 'en_US' }) });
    const [error, value] = expectShape(await http.get('/list'), page, t, { method: 'GET', url: '/list' });
    expect(value).to.equal(null);
    expect(error).to.be.instanceOf(HttpError);
    expect(error!.kind).to.equal('malformed');
    expect(error!.message).to.equal('The server sent a response that could not be read');
  });

  it('keeps the original error of a failed call', async () => {
    const api = await mockApi([{ path: '/list', status: 403, body: { code: 'forbidden', message: 'No access' } }]);
    const http = createHttpClient({ settings: () => ({ ...DEFAULT_SETTINGS, host: api.host, locale: 'en_US' }) });
    const [error] = expectShape(await http.get('/list'), page, t);
    expect(error!.status).to.equal(403);
    expect(error!.message).to.equal('No access');
  });
});
