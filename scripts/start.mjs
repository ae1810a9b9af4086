// `npm start`: builds the front end when dist/ is missing or older than its sources, then starts
// the reference server (server/main.ts through tsx, in this process) and prints the URL, the demo
// accounts and how long start-up took.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const SOURCES = ['src', 'elements', 'demo', 'rollup.config.mjs', 'scripts/build.mjs'];
// YX_DIST_DIR builds and serves elsewhere (scripts/build.mjs and the server read it too).
const DIST = process.env.YX_DIST_DIR?.trim() || 'dist';
const BUILT = join(DIST, 'graph.json');

/** Newest modification time among the build's sources (tests and stories do not count). */
function newestSource() {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const entry of readdirSync(path)) if (!/\.test\.|\.stories\./.test(entry)) visit(join(path, entry));
    } else newest = Math.max(newest, info.mtimeMs);
  };
  SOURCES.forEach(visit);
  return newest;
}

function buildIfNeeded() {
  const reason = !existsSync(BUILT)
    ? `${DIST}/ is missing`
    : statSync(BUILT).mtimeMs < newestSource()
      ? 'sources changed since the last build'
      : null;
  if (!reason) return 0;
  console.log(`[start] building the front end (${reason}) …`);
  const started = performance.now();
  try {
    // Type declarations (.d.ts) are for library users, not for serving the page: skip them here.
    execFileSync(process.execPath, ['scripts/build.mjs', '--no-types', '--no-cdn'], { stdio: 'inherit' });
  } catch {
    // The API works without the page; /users/ then says how to build it.
    console.error('[start] the build failed; starting the server anyway (the page will answer 503 until built).');
  }
  return performance.now() - started;
}

const buildMs = buildIfNeeded();
// The banner's "ready in N ms" counts from here: loading the server, the database, migrations,
// seeding and listening; the build (when one ran) is reported separately.
const serverStart = performance.now();
const { main } = await tsImport('../server/main.ts', import.meta.url);
await main(serverStart);
if (buildMs) console.log(`  Build:     ${Math.round(buildMs)} ms before that\n`);
