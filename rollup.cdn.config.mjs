// The two extra distributions for hosts that do not install the package (docs/embedding.md):
//   cdn/yx-elements.min.js  every element in one classic script (IIFE, React inside), for a
//                           CDN <script> tag; `window.YxElements.configure({...})` sets page settings.
//   react-external/         the element entries with React left out (`react`, `react-dom`, …
//                           stay bare imports), for hosts that bring their own React 19 through
//                           an import map, so the host and the elements share one React.
// `rollup -c rollup.cdn.config.mjs` writes both into YX_DIST_DIR (default dist/);
// scripts/build.mjs can call `cdnConfigs(out)` instead.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';
import { elementEntries } from './rollup.config.mjs';

/** The bare specifiers a React-external host maps in its import map. */
export const REACT_SPECIFIERS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

// A fresh set per build: commonjs and node-resolve keep per-build state.
const plugins = () => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs(),
  esbuild({ target: 'es2022', jsx: 'automatic', minify: true, tsconfig: 'tsconfig.json' }),
];

function onwarn(warning, warn) {
  // Radix ships "use client" directives, meaningless outside React Server Components.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
}

/** Both rollup configs, writing under `out`. */
export function cdnConfigs(out = 'dist') {
  return [
    {
      input: 'elements/index.ts',
      output: {
        file: `${out}/cdn/yx-elements.min.js`,
        format: 'iife',
        name: 'YxElements',
        // One file: the settings sections that load on demand are inlined too.
        inlineDynamicImports: true,
      },
      onwarn,
      plugins: plugins(),
    },
    {
      input: { ...elementEntries, 'yx-elements': 'elements/index.ts' },
      // `react/…` subpaths too, so no second copy of any part of React is bundled.
      external: (id) => /^(react|react-dom)(\/|$)/.test(id),
      output: {
        dir: `${out}/react-external`,
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
      onwarn,
      plugins: plugins(),
    },
  ];
}

export default cdnConfigs(process.env.YX_DIST_DIR?.trim() || 'dist');
