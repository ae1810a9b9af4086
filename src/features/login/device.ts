/**
 * The `umid-token` header (§3, §7), sent with every login call because the API names it. It lives
 * in memory for the element's life only, so it says nothing about the browser and the reference
 * server does not use it to recognise devices: that is its own HttpOnly device cookie, which
 * script cannot read or forge (a stable id here would need storage any script on the page could
 * read and copy).
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
