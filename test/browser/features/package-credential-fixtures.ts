/** Fake answers of the packages credential calls for the <yx-package-credential> tests. */
import type { MockCall, MockRoute } from '../fixtures/harness';

export const USER_INFO_PATH = '/uiless/proxy/package/api/external/users/userInfo';
export const PASSWORD_PATH = '/uiless/proxy/package/api/external/users/user/password';

/** A password as the server generates them (24 characters, letters, digits, symbols). */
export const GENERATED = 'Hq7#mZ2pW9x@Lk4$Rt8vNc3&';

export const userInfoRoute = (username = 'alice-pkg'): MockRoute => ({
  method: 'GET',
  path: USER_INFO_PATH,
  body: { username },
});

/** The generate answer; `effective_at` `ms` from now (10 s by default, as the server does). */
export const generateRoute = (ms = 10_000, overrides: Record<string, unknown> = {}): MockRoute => ({
  method: 'POST',
  path: PASSWORD_PATH,
  body: { password: GENERATED, effective_at: new Date(Date.now() + ms).toISOString(), ...overrides },
});

/** The answer to setting one's own password: no password echoed back. */
export const setRoute = (ms = 10_000): MockRoute => ({
  method: 'POST',
  path: PASSWORD_PATH,
  body: { effective_at: new Date(Date.now() + ms).toISOString() },
});

/** Polls the mock until `n` calls match. */
export async function callsMatching(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n = 1) {
  for (let i = 0; i < 200; i++) {
    const found = (await api.calls()).filter(match);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${n} matching call(s)`);
}

/** Replaces `navigator.clipboard` for one test; returns the restore function. */
export function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined): () => void {
  const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText ? { writeText } : undefined });
  return () => {
    if (own) Object.defineProperty(navigator, 'clipboard', own);
    else delete (navigator as unknown as Record<string, unknown>).clipboard;
  };
}
