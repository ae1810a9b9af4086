/**
 * The `umid-token` header (§3, §7): a random id of this browser for the server's risk checks.
 * It lives in memory for the element's life only; nothing is written to cookies or storage.
 */

/** A fresh 32-hex-digit id, e.g. `umid-3f2a…`. */
export function createUmidToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return 'umid-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The headers the login calls carry besides the CSRF token (§7 "same headers"). */
export function deviceHeaders(umid: string): Record<string, string> {
  return { user_agent: navigator.userAgent, 'umid-token': umid };
}
