/**
 * A minimal browser for API tests: keeps cookies, remembers the CSRF token the server hands out,
 * and sends it on unsafe requests unless told not to.
 */

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (string, URLSearchParams, bytes). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Send the remembered CSRF token on unsafe methods. @default true */
  csrf?: boolean;
}

export class Client {
  readonly cookies = new Map<string, string>();
  csrfToken = '';

  constructor(readonly baseUrl: string) {}

  /** The `Cookie` header this client sends. */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie ??= this.cookieHeader;
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const unsafe = !['GET', 'HEAD'].includes(method);
    if (unsafe && (options.csrf ?? true) && this.csrfToken) headers['x-csrf-token'] ??= this.csrfToken;
    const res = await fetch(this.baseUrl + path, { method, headers, body: body ?? null, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, ...(json !== undefined ? { json } : {}) });
  }
  put<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, ...(json !== undefined ? { json } : {}) });
  }

  /** Opens the page settings (which starts a pre-session) and keeps their CSRF token. */
  async pageSettings() {
    const answer = await this.get('/users/ajax/v1/page-settings');
    this.csrfToken = answer.body.csrfToken;
    return answer;
  }

  /** Signs in as a user would: page settings first, then the login call. */
  async login(username: string, password: string, headers: Record<string, string> = {}) {
    if (!this.csrfToken) await this.pageSettings();
    const answer = await this.post('/users/ajax/login', { username, password }, { headers });
    if (answer.status === 200) this.csrfToken = answer.body.csrfToken;
    return answer;
  }
}

/** A browser whose requests come from `address`, as a trusted proxy reports it (`X-Forwarded-For`;
 * the server must run with `trustProxy`). */
export class ClientAt extends Client {
  constructor(
    baseUrl: string,
    readonly address: string,
  ) {
    super(baseUrl);
  }

  override request<T = any>(method: string, path: string, options: RequestOptions = {}) {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'x-forwarded-for': this.address, ...options.headers },
    });
  }
}
