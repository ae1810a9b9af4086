// Builds every custom element as its own ES module entry with shared chunks (so a page with
// several elements loads React once), the all-in-one entry, and the standalone page's shell.
import { readdirSync, existsSync } from 'node:fs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';

/** Every `elements/yx-*.ts` defines one element; its file name is its tag. */
export const elementEntries = Object.fromEntries(
  readdirSync('elements')
    .filter((f) => /^yx-[a-z-]+\.tsx?$/.test(f))
    .map((f) => [`elements/${f.replace(/\.tsx?$/, '')}`, `elements/${f}`]),
);

const input = { ...elementEntries };
if (existsSync('elements/index.ts')) input['yx-elements'] = 'elements/index.ts';
if (existsSync('demo/app.ts')) input['demo/app'] = 'demo/app.ts';

export default {
  input,
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // React and friends go to one vendor chunk every element shares.
    manualChunks(id) {
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
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    esbuild({ target: 'es2022', jsx: 'automatic', minify: true, tsconfig: 'tsconfig.json' }),
  ],
};
