/**
 * The host examples' own web server: it plays the host application. It serves the host pages
 * (`/hosts/…`) and the host's own libraries (`/vendor/…`: Vue and lit-html from node_modules,
 * React 19 pre-bundled to ES modules, as a buildless host would self-host them), and passes every
 * other request on to the account API server, which serves the element bundles at `/users/…`.
 * Like a reverse proxy in front of both, this keeps the elements on the page's own origin, so
 * the session cookie and CSRF token work without CORS.
 *
 *   npx tsx demo/hosts/serve.ts --api http://127.0.0.1:8080 --port 8090
 *
 * The CSP example (`/hosts/csp/`) is sent with {@link STRICT_CSP}.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** The strict policy of the CSP example: no inline script or style, Trusted Types enforced and
 * limited to the one policy the elements create. */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types yx-message-content',
].join('; ');

const HERE = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A package's folder in node_modules (lit-html exports neither its browser files nor its
 * package.json to Node, so it is found from its main entry upwards). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json')) || !dir.endsWith(join('node_modules', name))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${name} is not installed`);
    dir = parent;
  }
  return dir;
}

/** Where the host's libraries are read from: URL prefix → directory. */
const VENDOR_DIRS: Record<string, string> = {
  '/vendor/vue/': join(packageDir('vue'), 'dist'),
  '/vendor/lit-html/': packageDir('lit-html'),
};

/** The React specifiers a buildless React host maps in its import map (rollup.cdn.config.mjs
 * leaves exactly these out of the React-external element build). */
const REACT_ENTRIES: Record<string, string> = {
  react: 'react',
  'react-jsx-runtime': 'react/jsx-runtime',
  'react-dom': 'react-dom',
  'react-dom-client': 'react-dom/client',
};

/** React ships CommonJS only; a host without a bundler serves it as ES modules. One esbuild run
 * with code splitting, so all four entries share one copy of React. Named exports are listed
 * explicitly because an ES module cannot re-export a CommonJS module's names by `export *`. */
async function bundleReact(): Promise<Map<string, string>> {
  const contents: Record<string, string> = {};
  for (const [name, specifier] of Object.entries(REACT_ENTRIES)) {
    const names = Object.keys(require(specifier) as object).filter(
      (n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default',
    );
    contents[name] =
      `import * as m from ${JSON.stringify(specifier)};\nconst mod = m.default ?? m;\nexport default mod;\n` +
      `export const { ${names.join(', ')} } = mod;\n`;
  }
  const result = await build({
    entryPoints: Object.fromEntries(Object.keys(REACT_ENTRIES).map((name) => [name, `virtual:${name}`])),
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    outdir: '/out',
    chunkNames: 'shared-[hash]',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'virtual',
        setup(b) {
          b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path.slice(8), namespace: 'virtual' }));
          b.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({
            contents: contents[args.path],
            resolveDir: process.cwd(),
            loader: 'js',
          }));
        },
      },
    ],
  });
  return new Map(result.outputFiles.map((file) => [file.path.slice('/out/'.length), file.text]));
}

/** The file under `dir` for a URL path below it, or null (outside `dir`, unknown type, missing). */
async function fileUnder(dir: string, rel: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  let path = resolve(dir, decoded);
  if (path !== dir && !path.startsWith(dir + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) path = join(path, 'index.html');
  if (!TYPES[extname(path)]) return null;
  const file = await stat(path).catch(() => null);
  return file?.isFile() ? path : null;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Passes the request on to the API server and streams the answer back (Server-Sent Events
 * included); a browser that goes away closes the upstream request too. */
function proxy(api: URL, req: IncomingMessage, res: ServerResponse) {
  const upstream = httpRequest(
    {
      hostname: api.hostname,
      port: api.port,
      method: req.method,
      path: req.url,
      // The Host header stays the page's, as behind any reverse proxy.
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) send(res, 502, 'The account API server did not answer.');
    else res.destroy();
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A server-rendered host writes the session's settings into the markup, as a PHP or Rails page
 * would: `{{csrfToken}}` and `{{organizationId}}` are filled from the API's page settings for
 * this visitor (whose cookie is passed on), so the elements have them before they first render. */
async function renderSettings(api: URL, req: IncomingMessage, html: string) {
  if (!html.includes('{{')) return { html, setCookie: [] as string[] };
  const answer = await fetch(new URL('/users/ajax/v1/page-settings', api), {
    headers: { cookie: req.headers.cookie ?? '', 'x-requested-with': 'XMLHttpRequest' },
  });
  const settings = (await answer.json()) as Record<string, unknown>;
  return {
    html: html.replace(/\{\{(csrfToken|organizationId)\}\}/g, (_, key: string) =>
      String(settings[key] ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!),
    ),
    // A visitor without a session just got a pre-session; the page must hand its cookie on.
    setCookie: answer.headers.getSetCookie(),
  };
}

export interface HostServerOptions {
  /** The account API server, e.g. http://127.0.0.1:8080 */
  api: string;
  /** @default 0 (any free port) */
  port?: number;
  /** @default '127.0.0.1' */
  hostname?: string;
}

export interface HostServer {
  /** e.g. http://127.0.0.1:40123; the hosts are at `${url}/hosts/` */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the host examples' server. */
export async function startHostServer(options: HostServerOptions): Promise<HostServer> {
  const api = new URL(options.api);
  const react = await bundleReact();

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://host').pathname;
      // Browsers ask for it unprompted; the API server would answer 404, a console error.
      if (path === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      if (path === '/' || path === '/hosts') {
        res.writeHead(302, { Location: '/hosts/' }).end();
        return;
      }
      if (path.startsWith('/hosts/')) {
        const file = await fileUnder(HERE, path.slice('/hosts/'.length));
        if (!file || file.endsWith('.ts')) return send(res, 404, 'Not found');
        const headers: OutgoingHttpHeaders = {
          'Content-Type': TYPES[extname(file)]!,
          'Cache-Control': 'no-store',
        };
        if (file.startsWith(join(HERE, 'csp') + sep)) headers['Content-Security-Policy'] = STRICT_CSP;
        if (!file.endsWith('.html')) {
          res.writeHead(200, headers);
          createReadStream(file).pipe(res);
          return;
        }
        const page = await renderSettings(api, req, await readFile(file, 'utf8'));
        if (page.setCookie.length) headers['Set-Cookie'] = page.setCookie;
        res.writeHead(200, headers);
        res.end(page.html);
        return;
      }
      if (path.startsWith('/vendor/react/')) {
        const body = react.get(path.slice('/vendor/react/'.length));
        if (body === undefined) return send(res, 404, 'Not found');
        return send(res, 200, body, TYPES['.js']);
      }
      for (const [prefix, dir] of Object.entries(VENDOR_DIRS)) {
        if (!path.startsWith(prefix)) continue;
        const file = await fileUnder(dir, path.slice(prefix.length));
        if (!file) return send(res, 404, 'Not found');
        return send(res, 200, await readFile(file, 'utf8'), TYPES[extname(file)]);
      }
      proxy(api, req, res);
    })().catch(() => {
      if (!res.headersSent) send(res, 500, 'The host server failed.');
    });
  });

  await new Promise<void>((done) => server.listen(options.port ?? 0, options.hostname ?? '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.hostname ?? '127.0.0.1'}:${port}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const running = await startHostServer({
    api: arg('api') ?? 'http://127.0.0.1:8080',
    port: Number(arg('port') ?? 8090),
  });
  console.log(`Host examples at ${running.url}/hosts/ (API: ${arg('api') ?? 'http://127.0.0.1:8080'})`);
}
