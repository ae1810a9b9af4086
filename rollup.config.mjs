// Builds every custom element as its own ES module entry with shared chunks (so a page with
// several elements loads React once), the all-in-one entry, and the standalone page's shell.
import { readdirSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { transform } from 'esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';
import terser from '@rollup/plugin-terser';

/** Every `elements/yx-*.ts` defines one element; its file name is its tag. */
export const elementEntries = Object.fromEntries(
  readdirSync('elements')
    .filter((f) => /^yx-[a-z-]+\.tsx?$/.test(f))
    .map((f) => [`elements/${f.replace(/\.tsx?$/, '')}`, `elements/${f}`]),
);

const input = { ...elementEntries };
if (existsSync('elements/index.ts')) input['yx-elements'] = 'elements/index.ts';
if (existsSync('demo/app.ts')) input['demo/app'] = 'demo/app.ts';

const I18N = resolve('src/core/i18n');

/** The modules of the kernel chunk (see manualChunks): what every element runs before its first
 * screen. What only some elements use (Result, the query helpers, the form controls and their
 * sheet, the feature schemas of src/core/validation) is left to rollup's shared chunks, so the
 * pages without it do not pay for it; npm run size tells the difference. */
const KERNEL = [
  /[/\\]elements[/\\]define\.tsx$/,
  /[/\\]src[/\\]core[/\\](http|response|settings|flavours|cookies|events|store)\.ts$/,
  /[/\\]src[/\\]core[/\\]validation[/\\]validate\.ts$/,
  /[/\\]src[/\\]core[/\\]i18n[/\\](index|parts|load-zh_CN|load-en_US)\.ts$/,
  /^\0yx-i18n-preload$/,
  /[/\\]src[/\\]ui[/\\](context|Toast|ErrorBoundary|Button|Spinner|lazy)\.tsx$/,
  /[/\\]src[/\\]ui[/\\]css[/\\](index|sheet|tokens|base|button|status|use-styles)\.ts$/,
  /[/\\]node_modules[/\\](@r2wc|valibot|zustand)[/\\]/,
];
const COPY = '\0yx-i18n:';
const NO_PRELOAD = '\0yx-i18n-preload';

/** The message part a module of src/core/i18n belongs to (see src/core/i18n/parts.ts). */
const partOfFile = (file) => {
  const name = basename(file).replace(/\.ts$/, '');
  return /^(zh_CN|en_US|ui|ui-.*)$/.test(name) ? 'common' : name;
};

/**
 * Messages per element and per language. Source code preloads every message (fine for the server
 * and the tests); the bundles drop that and load parts on demand (src/core/i18n/index.ts). A
 * module holds both languages of a part, and rollup never splits a module, so everything the
 * loader of one language (load-zh_CN.ts, load-en_US.ts) imports is given its own copy tagged with
 * that language: each copy keeps only the export its loader reads.
 */
function i18nSplit() {
  return {
    name: 'yx-i18n-split',
    async resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      if (importer === join(I18N, 'index.ts') && source === './preload') return NO_PRELOAD;
      let locale;
      let from = importer;
      if (importer.startsWith(COPY)) [locale, from] = importer.slice(COPY.length).split('|');
      else locale = /[/\\]src[/\\]core[/\\]i18n[/\\]load-(zh_CN|en_US)\.ts$/.exec(importer)?.[1];
      if (!locale) return null;
      const file = resolve(dirname(from), source) + '.ts';
      return dirname(file) === I18N && existsSync(file) ? `${COPY}${locale}|${file}` : null;
    },
    async load(id) {
      if (id === NO_PRELOAD) return 'export const preloaded = undefined;';
      if (!id.startsWith(COPY)) return null;
      const file = id.slice(COPY.length).split('|')[1];
      const { code } = await transform(await readFile(file, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022' });
      return code;
    },
  };
}

/**
 * Minifies the CSS of `css\`…\`` templates (the stylesheets of src/ui/css and the features'
 * *.css.ts), which JavaScript minifiers leave as written: comments, indentation and all. Templates
 * with interpolations or escapes are left alone.
 */
function minifyCss() {
  return {
    name: 'yx-minify-css',
    async transform(code, id) {
      if (!id.startsWith(resolve('src')) || !code.includes('css`')) return null;
      let out = '';
      let last = 0;
      for (const m of code.matchAll(/\bcss`([^`\\$]*)`/g)) {
        const { code: min } = await transform(m[1], { loader: 'css', minify: true });
        out += `${code.slice(last, m.index)}css\`${min.trim()}\``;
        last = m.index + m[0].length;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}

/**
 * Code loaded on demand (`import('./TokenList')`) fetches the chunks it imports together with
 * itself, not after it: without this, the browser learns of a lazy chunk's imports only once the
 * chunk has arrived and been parsed, and a list's table, pager and dates come one round trip
 * later than its data. The imports start as `import()`s of their own; the module map shares each
 * fetch with the chunk's static imports, and a failure is left to the chunk's own import.
 */
const LOADED = new Set(['react', 'kernel']);
function dynamicImportDeps() {
  return {
    name: 'yx-dynamic-import-deps',
    renderDynamicImport({ chunk, targetChunk, getTargetChunkImports }) {
      if (!targetChunk) return null;
      // resolvedImportPath is the quoted specifier as written in `chunk`.
      const deps = (getTargetChunkImports() ?? [])
        // React and the kernel are in before any element runs.
        .filter((dep) => dep.type === 'internal' && dep.fileName !== chunk.fileName && !LOADED.has(dep.chunk.name))
        .map((dep) => dep.resolvedImportPath);
      if (deps.length === 0) return null;
      return { left: `([${deps.join()}].map((d)=>import(d).catch(()=>{})),import(`, right: '))' };
    },
  };
}

/**
 * Marks every file for eager compilation (V8's explicit compile hints, Chrome 136+; a plain
 * comment elsewhere). A file here is fetched when an element is about to run it, and most of what
 * it holds runs on its first screen. Without the mark V8 compiles each function on the main
 * thread the first time it is called, which made up about a quarter of rendering the token table
 * after its data arrived; with it, that work is done on a background thread while the file
 * loads. Runs after terser, which drops comments.
 */
function compileHints() {
  return {
    name: 'yx-compile-hints',
    // Message chunks are data: nothing in them to compile.
    renderChunk: (code, chunk) =>
      chunk.name.startsWith('strings-') ? null : { code: `//# allFunctionsCalledOnLoad\n${code}`, map: null },
  };
}

export default {
  input,
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // A second pass after esbuild's per-module minify, over each whole chunk: it inlines and drops
    // across modules (and squeezes React's own build): about 1.5 KB gzip off every page and 4 KB
    // off the library, for ~6 s more build on two cores. No property mangling.
    plugins: [
      terser({ module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
      compileHints(),
    ],
    // React and friends go to one vendor chunk every element shares, and what every element
    // runs besides (the element kit, HTTP, messages core, the shared UI and CSS every screen
    // shows) to one kernel chunk:
    // rollup would cut it into a dozen small files, which cost a page ~1 KB gzip more.
    manualChunks(id) {
      if (KERNEL.some((re) => re.test(id))) return 'kernel';
      // One chunk per language and part, e.g. strings-zh_CN-tokens.
      if (id.startsWith(COPY)) {
        const [locale, file] = id.slice(COPY.length).split('|');
        return `strings-${locale}-${partOfFile(file)}`;
      }
      if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
      return undefined;
    },
  },
  onwarn(warning, warn) {
    // Radix ships "use client" directives, meaningless outside React Server Components.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    warn(warning);
  },
  plugins: [
    i18nSplit(),
    dynamicImportDeps(),
    minifyCss(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    // charset utf8: esbuild would otherwise write every Chinese character as a six-byte \u escape.
    esbuild({ target: 'es2022', jsx: 'automatic', minify: true, charset: 'utf8', tsconfig: 'tsconfig.json' }),
  ],
};
