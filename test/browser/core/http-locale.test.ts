import { expect } from '@open-wc/testing';
import { createHttpClient, createUilessClient } from '../../../src/core/http';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
import type { PageSettings } from '../../../src/core/settings';

interface Echo {
  headers: Record<string, string>;
}

const client = (overrides: Partial<PageSettings>, make = createHttpClient) =>
  make({ settings: () => ({ ...DEFAULT_SETTINGS, ...overrides }) });

describe('HTTP client: the element’s own language', () => {
  it('names it in X-Yx-Locale on every call, so the server answers in it', async () => {
    for (const make of [createHttpClient, createUilessClient]) {
      const [error, echo] = await client({ locale: 'en_US' }, make).get<Echo>('/__fixture/echo');
      expect(error).to.equal(null);
      expect(echo!.headers['x-yx-locale']).to.equal('en_US');
    }
  });

  it('sends none when the element has no language of its own: the server decides', async () => {
    const [, echo] = await client({ locale: undefined }).get<Echo>('/__fixture/echo');
    expect(echo!.headers).not.to.have.property('x-yx-locale');
  });
});
