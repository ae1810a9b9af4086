// Serves CommonJS-only packages (React, dayjs, axe-core) to the browser as ES modules.
// @web/dev-server cannot convert them itself (fromRollup(commonjs) loses React's named
// exports), so we pre-bundle them once with esbuild, code-split so that every specifier
// shares one React, and serve the result from memory under /__cjs/.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

const PREFIX = '/__cjs/';

/** Reads a CommonJS module's export names in a child process: requiring react-dom inside
 * the runner breaks its console patching (see TOOLCHAIN.md). */
function exportNames(specifier) {
  const out = execFileSync(
    process.execPath,
    ['-e', `process.stdout.write(JSON.stringify(Object.keys(require(${JSON.stringify(specifier)}))))`],
    { encoding: 'utf8' },
  );
  return JSON.parse(out).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
}

const fileName = (specifier) => specifier.replace(/[^\w]+/g, '_') + '.js';

export function cjsPrebundlePlugin(specifiers) {
  let files;
  async function bundle() {
    const entries = {};
    const contents = {};
    for (const specifier of specifiers) {
      const names = exportNames(specifier);
      const key = fileName(specifier).replace(/\.js$/, '');
      entries[key] = `virtual:${key}`;
      contents[`virtual:${key}`] =
        `import * as m from ${JSON.stringify(specifier)};\n` +
        `const mod = m.default ?? m;\nexport default mod;\n` +
        (names.length ? `export const { ${names.join(', ')} } = mod;\n` : '');
    }
    const result = await build({
      entryPoints: entries,
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: '/out',
      platform: 'browser',
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'silent',
      plugins: [
        {
          name: 'virtual',
          setup(b) {
            b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, namespace: 'virtual' }));
            b.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({
              contents: contents[args.path],
              resolveDir: process.cwd(),
              loader: 'js',
            }));
          },
        },
      ],
    });
    const map = new Map();
    for (const file of result.outputFiles) map.set(file.path.replace('/out/', ''), file.text);
    return map;
  }
  return {
    name: 'cjs-prebundle',
    async serverStart() {
      files = await bundle();
    },
    resolveImport({ source }) {
      if (specifiers.includes(source)) return PREFIX + fileName(source);
      return undefined;
    },
    serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const body = files.get(context.path.slice(PREFIX.length));
      if (body === undefined) return undefined;
      return { body, type: 'js' };
    },
  };
}
