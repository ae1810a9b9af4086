// `npm run build`: element bundles + standalone page (rollup), then .d.ts types (tsc).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rollup } from 'rollup';

const started = performance.now();

// Every element needs its own subpath in package.json `exports` (types first), or hosts
// cannot import it on its own: fail early with the line to add.
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
for (const file of readdirSync('elements').filter((f) => /^yx-[a-z-]+\.tsx?$/.test(f))) {
  const tag = file.replace(/\.tsx?$/, '');
  const entry = pkg.exports?.[`./${tag}`];
  if (entry?.default !== `./dist/elements/${tag}.js` || Object.keys(entry)[0] !== 'types') {
    console.error(
      `[build] package.json "exports" lacks "./${tag}": ` +
        `{ "types": "./dist/types/elements/${tag}.d.ts", "default": "./dist/elements/${tag}.js" }`,
    );
    process.exit(1);
  }
}
// YX_DIST_DIR builds elsewhere (the server reads the same variable), e.g. a private copy for one test run.
const out = process.env.YX_DIST_DIR?.trim() || 'dist';
rmSync(out, { recursive: true, force: true });

const { default: config } = await import('../rollup.config.mjs');
const bundle = await rollup(config);
const { output } = await bundle.write({ ...config.output, dir: out });
await bundle.close();

// The standalone page's HTML and static files (the server inlines page settings at the marker).
if (existsSync('demo/index.html')) {
  mkdirSync(`${out}/demo`, { recursive: true });
  cpSync('demo/index.html', `${out}/demo/index.html`);
  if (existsSync('demo/static')) cpSync('demo/static', `${out}/demo/static`, { recursive: true });
}

// A manifest of which files each entry loads, read by `npm run size` and the server.
const graph = {};
for (const file of output) {
  if (file.type !== 'chunk') continue;
  graph[file.fileName] = { isEntry: file.isEntry, imports: file.imports, dynamicImports: file.dynamicImports };
}
writeFileSync(`${out}/graph.json`, JSON.stringify(graph, null, 2));

// custom-elements.json, the React JSX typings and VS Code's HTML data, from the elements' JSDoc.
execFileSync(process.execPath, ['scripts/manifest.mjs', '--out-dir', out], { stdio: 'inherit' });

// The one-file bundle for a CDN script tag and the build on the host's own React
// (rollup.cdn.config.mjs). npm start skips them: the page does not need them.
if (!process.argv.includes('--no-cdn')) {
  const { cdnConfigs } = await import('../rollup.cdn.config.mjs');
  for (const extra of cdnConfigs(out)) {
    const cdn = await rollup(extra);
    await cdn.write(extra.output);
    await cdn.close();
  }
}

if (!process.argv.includes('--no-types') && out === 'dist') {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    stdio: 'inherit',
  });
}
console.log(`[build] ${output.length} files in ${out}/ (${Math.round(performance.now() - started)} ms)`);
