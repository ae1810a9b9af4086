/** Fake answers of the identities calls for the <yx-third-party-bindings> tests. */
import type { MockCall, MockRoute } from '../fixtures/harness';

export const PROVIDERS_PATH = '/users/ajax/v1/my/identities/providers';
export const IDENTITIES_PATH = '/individual/proxy/my/identities';
export const identityPath = (provider: string) => `/users/ajax/v1/my/identities/${provider}`;

export interface ProviderRow {
  provider: string;
  name: string;
  available: boolean;
}

export interface IdentityRow {
  provider: string;
  open_id: string;
  name: string;
  bound_at: string;
}

/** Both providers, configured unless told otherwise. */
export const providersRoute = (available: Partial<Record<'dingtalk' | 'lark', boolean>> = {}): MockRoute => ({
  method: 'GET',
  path: PROVIDERS_PATH,
  body: [
    { provider: 'dingtalk', name: 'DingTalk', available: available.dingtalk ?? true },
    { provider: 'lark', name: 'Lark', available: available.lark ?? true },
  ] satisfies ProviderRow[],
});

export const identitiesRoute = (rows: IdentityRow[]): MockRoute => ({
  method: 'GET',
  path: IDENTITIES_PATH,
  body: rows,
});

/** Alice's DingTalk account, bound on 5 January 2026 (UTC midday, the same day everywhere). */
export const aliceDingTalk: IdentityRow = {
  provider: 'dingtalk',
  open_id: 'ding-open-4f2a9c',
  name: 'Alice Zhang',
  bound_at: '2026-01-05T12:00:00.000Z',
};

/** Polls the mock until `n` calls match. */
export async function callsMatching(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n = 1) {
  for (let i = 0; i < 200; i++) {
    const found = (await api.calls()).filter(match);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${n} matching call(s)`);
}
