// A real HTTP endpoint for browser tests, served by the test runner's own dev server.
//
// /__fixture/*  fixed behaviours for the HTTP client tests (echo headers, slow, 5xx, bad JSON)
// /__mock/<ns>/* a programmable fake API: a test defines routes for its namespace, the element
//                under test calls them over real HTTP, and the test reads back the calls made.
const namespaces = new Map();

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function send(ctx, status, body, headers = {}) {
  ctx.status = status;
  for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
  if (typeof body === 'string') {
    ctx.type = headers['content-type'] ?? 'application/json';
    ctx.body = body;
  } else {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(body);
  }
}

function matchPath(pattern, path) {
  const p = pattern.split('/');
  const a = path.split('/');
  if (p.length !== a.length) return false;
  return p.every((seg, i) => seg === '*' || seg.startsWith(':') || seg === a[i]);
}

async function fixture(ctx, rest) {
  const url = new URL(ctx.request.href);
  if (rest === 'echo' || rest.startsWith('echo/') || rest.includes('/uiless/')) {
    const body = await readBody(ctx.req);
    return send(ctx, 200, { method: ctx.method, path: url.pathname, query: url.search, headers: ctx.headers, body });
  }
  if (rest === 'slow') {
    await sleep(Number(url.searchParams.get('ms') ?? 6000));
    return send(ctx, 200, { ok: true });
  }
  const status = /^status\/(\d+)$/.exec(rest);
  if (status) {
    return send(ctx, Number(status[1]), {
      code: 'fixture_error',
      message: 'Fixture failure',
      requestId: 'req-fixture-42',
    });
  }
  if (rest === 'malformed') return send(ctx, 200, '{"broken": ', { 'content-type': 'application/json' });
  if (rest === 'text') return send(ctx, 200, 'plain words', { 'content-type': 'text/plain' });
  if (rest === 'empty') {
    ctx.status = 204;
    ctx.body = null;
    return undefined;
  }
  return send(ctx, 404, { code: 'not_found', message: 'No fixture ' + rest });
}

async function mock(ctx, ns, rest) {
  let state = namespaces.get(ns);
  if (!state) namespaces.set(ns, (state = { routes: [], calls: [] }));
  if (rest === '__define' && ctx.method === 'POST') {
    state.routes = JSON.parse(await readBody(ctx.req));
    state.calls = [];
    return send(ctx, 200, { ok: true });
  }
  if (rest === '__calls') return send(ctx, 200, state.calls);
  const url = new URL(ctx.request.href);
  const path = '/' + rest.split('?')[0];
  const raw = await readBody(ctx.req);
  let body = raw;
  try {
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  state.calls.push({
    method: ctx.method,
    path,
    query: Object.fromEntries(url.searchParams),
    headers: ctx.headers,
    body,
  });
  // The newest matching definition wins, and a route with `times` is used up after that many calls.
  for (let i = state.routes.length - 1; i >= 0; i--) {
    const r = state.routes[i];
    if ((r.method ?? 'GET').toUpperCase() !== ctx.method || !matchPath(r.path, path)) continue;
    if (r.times !== undefined) {
      if (r.times <= 0) continue;
      r.times -= 1;
    }
    if (r.delayMs) await sleep(r.delayMs);
    if (r.drop) {
      // The connection dies without an answer, as when a proxy or the server process goes away.
      ctx.req.socket.destroy();
      ctx.respond = false;
      return undefined;
    }
    if (r.raw !== undefined) return send(ctx, r.status ?? 200, r.raw, { 'content-type': 'application/json' });
    return send(ctx, r.status ?? 200, r.body ?? {});
  }
  return send(ctx, 404, { code: 'not_found', message: `No mock for ${ctx.method} ${path}`, requestId: 'req-mock' });
}

export function apiFixtureMiddleware() {
  return async (ctx, next) => {
    const path = ctx.path;
    if (path.startsWith('/__fixture/')) return fixture(ctx, path.slice('/__fixture/'.length));
    const m = /^\/__mock\/([\w-]+)\/(.*)$/.exec(path);
    if (m) return mock(ctx, m[1], m[2] + (ctx.querystring ? '?' + ctx.querystring : ''));
    return next();
  };
}

/** Resolves extensionless relative imports to .ts / .tsx / index files, as the bundler does. */
export function apiFixturePlugin() {
  return {
    name: 'ts-extensionless',
    async resolveImport({ source, context }) {
      if (!source.startsWith('.') || /\.[cm]?[jt]sx?$|\.css$|\.json$/.test(source)) return undefined;
      const { existsSync } = await import('node:fs');
      const { dirname, resolve, relative } = await import('node:path');
      const from = resolve(process.cwd(), '.' + decodeURIComponent(context.path));
      const base = resolve(dirname(from), source);
      for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) {
        if (existsSync(base + ext)) return '/' + relative(process.cwd(), base + ext);
      }
      return undefined;
    },
  };
}
