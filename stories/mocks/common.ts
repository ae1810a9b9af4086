/**
 * What every fake API of the stories shares: the error body of the server (`{ code, message,
 * requestId }`), a call that never answers, a malformed answer, and the pictures the elements
 * load from the account host. The handlers are plain MSW handlers, so a browser test that starts
 * an MSW worker can use the same ones.
 */
import { HttpResponse, delay, http } from 'msw';
import type { HttpHandler } from 'msw';

/** The request id every fake failure carries, so a story shows what support would be told. */
export const REQUEST_ID = 'req-7f3a9c2e';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO time `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
/** An ISO time `minutes` ago. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * An API path as MSW matches it. The product's paths use colons as verbs (`tokens:search`), which
 * MSW would read as path parameters, so they are escaped; `{id}` marks a real parameter.
 * @example route('/users/ajax/v1/my/tokens/{id}') // '/users/ajax/v1/my/tokens/:id'
 */
export function route(template: string): string {
  return template.replaceAll(':', '\\:').replace(/\{(\w+)\}/g, ':$1');
}

/** The server's error answer (§8): `{ code, message, requestId }` plus any extra fields. */
export function failure(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ code, message, requestId: REQUEST_ID, ...extra }, { status });
}

/** A real fault of the server: the elements say 'System exception, please try again' with the id. */
export const systemError = () => failure(500, 'internal_error', 'Internal server error');

/** A call that never answers: the element stays in its loading state until its 5 s timeout. */
export async function never(): Promise<Response> {
  await delay('infinite');
  return HttpResponse.json(null);
}

/** A 200 whose JSON is cut short: the elements show their "malformed answer" error. */
export const malformedJson = () => new HttpResponse('{"items": [', { headers: { 'Content-Type': 'application/json' } });

/** An empty success, as the server answers most writes. */
export const ok = () => HttpResponse.json({});

/** A square picture with a letter, in place of the logos and avatars the account host serves. */
export function picture(letter: string, colour: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" rx="12" fill="${colour}"/>` +
    `<text x="32" y="42" font-family="sans-serif" font-size="28" font-weight="600" fill="#fff" text-anchor="middle">${letter}</text>` +
    '</svg>'
  );
}

const PALETTE = ['#006ad4', '#1c7c3c', '#8a5a00', '#7b3fc4', '#c92a2a', '#0b7285'];

function svg(name: string) {
  const base = name.replace(/\.\w+$/, '');
  const colour = PALETTE[[...base].reduce((sum, c) => sum + c.charCodeAt(0), 0) % PALETTE.length]!;
  return new HttpResponse(picture((base[0] ?? '?').toUpperCase(), colour), {
    headers: { 'Content-Type': 'image/svg+xml' },
  });
}

/** Pictures of the account host: app logos (`/users/static/apps/…`), organization logos and avatars. */
export const pictureHandlers: HttpHandler[] = [
  http.get(route('/users/static/apps/{file}'), ({ params }) => svg(String(params.file))),
  http.get(route('/users/static/orgs/{file}'), ({ params }) => svg(String(params.file))),
  http.get(route('/users/static/avatars/{file}'), ({ params }) => svg(String(params.file))),
];

/** The page settings call (`GET /users/ajax/v1/page-settings`): the session's CSRF token. */
export const PAGE_SETTINGS_PATH = '/users/ajax/v1/page-settings';
export const CSRF_TOKEN = 'csrf-story-1';

export const pageSettingsHandler = http.get(route(PAGE_SETTINGS_PATH), () =>
  HttpResponse.json({ csrfToken: CSRF_TOKEN, flavour: 'standard', locale: 'en_US' }),
);
