// `npm run size`: gzip size of each element page and of the whole library, from dist/graph.json.
//
// A page is what a browser downloads before the element shows its first screen: its entry, every
// chunk it imports statically (React included) and the message parts it loads before rendering
// (src/core/i18n/parts.ts) in one language — the larger of the two, so the figure holds for
// both. Chunks it imports lazily (dialogs, sections, other languages) are not part of the page.
// "All elements" is every element entry with everything it can ever load, in one language (a
// page never loads both); the figure with both languages is reported beside it.
// `--modules` lists the biggest modules of each chunk, measured by rollup (no dist needed);
// `--limit N` how many per chunk (12).
// The build read is `--dir <path>`, else YX_DIST_DIR, else dist/.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';

const LOCALES = ['zh_CN', 'en_US'];
// rollup's [hash] is 8 characters that may include '-', so it is matched by length: a part's
// name may hold '-' too (token-forms).
const STRINGS = /^chunks\/strings-(zh_CN|en_US)-([a-z-]+)-[\w-]{8}\.js$/;

/** partsOfTag from src/core/i18n/parts.ts (plain TypeScript without imports). */
async function loadParts() {
  const { code } = await transform(readFileSync('src/core/i18n/parts.ts', 'utf8'), { loader: 'ts', format: 'esm' });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

export async function measure(dir = 'dist') {
  if (!existsSync(`${dir}/graph.json`)) throw new Error(`${dir}/graph.json is missing: run \`npm run build\` first`);
  const { partsOfTag } = await loadParts();
  const graph = JSON.parse(readFileSync(`${dir}/graph.json`, 'utf8'));
  const sizes = new Map();
  const gz = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length);
    return sizes.get(file);
  };
  const sum = (files) => [...files].reduce((n, f) => n + gz(f), 0);
  const closure = (entry, seen = new Set()) => {
    if (seen.has(entry)) return seen;
    seen.add(entry);
    for (const dep of graph[entry]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const stringsOf = (locale, part) =>
    Object.keys(graph).filter((f) => {
      const m = STRINGS.exec(f);
      return m && m[1] === locale && m[2] === part;
    });
  const otherLanguage = (file, locale) => {
    const m = STRINGS.exec(file);
    return m !== null && m[1] !== locale;
  };
  const elements = Object.keys(graph)
    .filter((f) => /^elements\/yx-[a-z-]+\.js$/.test(f))
    .sort();

  const pages = elements.map((entry) => {
    const element = entry.replace(/^elements\/|\.js$/g, '');
    let worst;
    for (const locale of LOCALES) {
      const files = closure(entry);
      for (const part of partsOfTag(element)) for (const f of stringsOf(locale, part)) closure(f, files);
      const gzipBytes = sum(files);
      if (!worst || gzipBytes > worst.gzipBytes) worst = { element, locale, files: files.size, gzipBytes };
    }
    return worst;
  });

  const everything = new Set();
  for (const entry of elements) {
    closure(entry, everything);
    // Lazily imported chunks belong to the library too.
    for (const f of [...everything]) for (const d of graph[f]?.dynamicImports ?? []) closure(d, everything);
  }
  const allBothLanguagesGzipBytes = sum(everything);
  const allGzipBytes = Math.max(
    ...LOCALES.map((locale) => sum([...everything].filter((f) => !otherLanguage(f, locale)))),
  );
  return { pages, allGzipBytes, allBothLanguagesGzipBytes };
}

/** The biggest modules of each chunk (minified alone, then gzipped: an estimate, since a module
 * compresses better inside its chunk), from an in-memory build. */
async function modules(limit = 12) {
  const { rollup } = await import('rollup');
  const { default: config } = await import('../rollup.config.mjs');
  const bundle = await rollup(config);
  const { output } = await bundle.generate(config.output);
  await bundle.close();
  const kb = (b) => (b / 1024).toFixed(1).padStart(6);
  const chunks = output
    .filter((c) => c.type === 'chunk')
    .map((c) => ({ c, gz: gzipSync(c.code, { level: 9 }).length }));
  for (const { c, gz: size } of chunks.sort((a, b) => b.gz - a.gz)) {
    const rows = [];
    for (const [id, m] of Object.entries(c.modules)) {
      if (!m.code) continue;
      const { code } = await transform(m.code, { minify: true, loader: 'js' }).catch(() => ({ code: m.code }));
      rows.push([id.replace(`${process.cwd()}/`, '').replace(/^\0/, ''), gzipSync(code, { level: 9 }).length]);
    }
    console.log(`\n${c.fileName}  ${kb(size)} KB gzip`);
    for (const [id, n] of rows.sort((a, b) => b[1] - a[1]).slice(0, limit)) console.log(`  ${kb(n)}  ${id}`);
  }
}

/** The value of `--name value` or `--name=value`. */
function option(name) {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--modules')) {
    await modules(Number(option('limit') ?? 12));
  } else {
    const dir = option('dir')?.trim() || process.env.YX_DIST_DIR?.trim() || 'dist';
    const { pages, allGzipBytes, allBothLanguagesGzipBytes } = await measure(dir);
    const kb = (b) => (b / 1024).toFixed(1).padStart(7) + ' KB';
    console.log('element page (entry + chunks + its strings)   gzip');
    for (const p of pages) console.log(`${p.element.padEnd(32)} ${p.locale}  ${kb(p.gzipBytes)}`);
    console.log(`${'all elements (one language)'.padEnd(38)} ${kb(allGzipBytes)}`);
    console.log(`${'all elements (both languages)'.padEnd(38)} ${kb(allBothLanguagesGzipBytes)}`);
  }
}
