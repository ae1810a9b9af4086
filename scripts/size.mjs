// `npm run size`: gzip size of each element page (its entry plus every chunk it imports,
// React included) and of the whole library (every element entry and chunk once).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export function measure(dir = 'dist') {
  if (!existsSync(`${dir}/graph.json`)) throw new Error('dist/graph.json is missing: run `npm run build` first');
  const graph = JSON.parse(readFileSync(`${dir}/graph.json`, 'utf8'));
  const gz = (file) => gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length;
  const closure = (entry, seen = new Set()) => {
    if (seen.has(entry)) return seen;
    seen.add(entry);
    for (const dep of graph[entry]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const elements = Object.keys(graph)
    .filter((f) => /^elements\/yx-[a-z-]+\.js$/.test(f))
    .sort();
  const pages = elements.map((entry) => {
    const files = [...closure(entry)];
    return {
      element: entry.replace(/^elements\/|\.js$/g, ''),
      files: files.length,
      gzipBytes: files.reduce((n, f) => n + gz(f), 0),
    };
  });
  const all = new Set();
  for (const entry of elements) {
    closure(entry, all);
    // Lazily imported chunks belong to the library too.
    for (const f of [...all]) for (const d of graph[f]?.dynamicImports ?? []) closure(d, all);
  }
  const allGzipBytes = [...all].reduce((n, f) => n + gz(f), 0);
  return { pages, allGzipBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pages, allGzipBytes } = measure();
  const kb = (b) => (b / 1024).toFixed(1).padStart(7) + ' KB';
  console.log('element page (entry + chunks)      gzip');
  for (const p of pages) console.log(`${p.element.padEnd(32)} ${kb(p.gzipBytes)}`);
  console.log(`${'all elements'.padEnd(32)} ${kb(allGzipBytes)}`);
}
