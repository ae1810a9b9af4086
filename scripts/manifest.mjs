// `node scripts/manifest.mjs`: writes custom-elements.json (Custom Elements Manifest, schema 2.1.0)
// from the element classes of elements/yx-*.ts, and VS Code's HTML custom data made from it
// (`dist/vscode.html-custom-data.json`, or under YX_DIST_DIR).
//
// Sources, so that nothing is written down twice:
// - each element class's JSDoc: @tag, @summary, @attr, @fires, @csspart, @cssprop(erty), @slot;
// - the `props` the class passes to defineElement: the element's own attributes and their kinds;
// - COMMON in elements/define.tsx and PageSettings in src/core/settings.ts: the common attributes;
// - GlobalEventHandlersEventMap (src/**/events.ts): each event's detail type;
// - TOKENS in src/ui/css/tokens.ts: the design tokens every element reads.
// The analyzer of @custom-elements-manifest sees nothing in r2wc classes (TOOLCHAIN.md), hence
// this script. It fails on an undocumented attribute or an event without a declared detail.
//
// It also writes elements/jsx.ts, the JSX typings of React 19 hosts, and the generated tables of
// docs/theming.md (tokens, and the parts of each element), from the same facts.
//
// scripts/manifest-read.mjs reads the sources; scripts/manifest-write.mjs writes the outputs
// other than the manifest itself.
//
// Options: --manifest <file> (default custom-elements.json), --out-dir <dir> (default
// $YX_DIST_DIR or dist), --jsx <file> (default elements/jsx.ts), --docs <file> (default
// docs/theming.md; the tables are always filled into docs/theming.md's text), --quiet.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import {
  ROOT,
  THEME_ATTRIBUTE,
  commonAttributes,
  createProgram,
  describeElement,
  eventTypes,
  readTokens,
} from './manifest-read.mjs';
import { jsxTypings, theming, vscodeData } from './manifest-write.mjs';

/** Builds the manifest, and from it the VS Code custom data and the JSX typings. */
export function buildManifest() {
  const { program, checker, elements } = createProgram();
  const common = commonAttributes(program, checker);
  const tokens = readTokens(program);
  const cssProperties = tokens.map((t) => ({
    name: t.name,
    default: t.light,
    description: t.dark ? `${t.description} Dark: \`${t.dark}\`.` : t.description,
  }));
  const events = eventTypes(checker, program.getSourceFile(elements[0]));
  const modules = elements.map((fileName) => {
    const declaration = describeElement(checker, program.getSourceFile(fileName), common, cssProperties, events);
    const path = `dist/elements/${declaration.tagName}.js`;
    return {
      kind: 'javascript-module',
      path,
      declarations: [declaration],
      exports: [
        { kind: 'js', name: declaration.name, declaration: { name: declaration.name, module: path } },
        {
          kind: 'custom-element-definition',
          name: declaration.tagName,
          declaration: { name: declaration.name, module: path },
        },
      ],
    };
  });
  const manifest = { schemaVersion: '2.1.0', readme: 'README.md', modules };
  return {
    manifest,
    vscode: vscodeData(manifest, tokens),
    jsx: jsxTypings(manifest, [...common, THEME_ATTRIBUTE]),
    tokens,
  };
}

/** Writes `text` only when the file differs: elements/jsx.ts is a build source, and touching it
 * would make `npm start` think the sources changed since the last build and build again. */
function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(file, text);
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : fallback;
  };
  const manifestFile = resolve(ROOT, option('--manifest', 'custom-elements.json'));
  const outDir = resolve(ROOT, option('--out-dir', process.env.YX_DIST_DIR?.trim() || 'dist'));
  const jsxFile = resolve(ROOT, option('--jsx', 'elements/jsx.ts'));
  const docsFile = resolve(ROOT, option('--docs', 'docs/theming.md'));
  const started = performance.now();
  const { manifest, vscode, jsx, tokens } = buildManifest();
  writeIfChanged(manifestFile, JSON.stringify(manifest, null, 2) + '\n');
  // Written as Prettier would, so `npm run format:check` passes on the committed files.
  const style = await prettier.resolveConfig(join(ROOT, 'elements/jsx.ts'));
  writeIfChanged(jsxFile, await prettier.format(jsx, { ...style, parser: 'typescript' }));
  const docs = theming(readFileSync(join(ROOT, 'docs/theming.md'), 'utf8'), manifest, tokens);
  writeIfChanged(docsFile, await prettier.format(docs, { ...style, parser: 'markdown' }));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'vscode.html-custom-data.json'), JSON.stringify(vscode, null, 2) + '\n');
  if (!args.includes('--quiet')) {
    console.log(
      `[manifest] ${manifest.modules.length} elements in ${relative(ROOT, manifestFile)}, ${relative(ROOT, jsxFile)}, ` +
        `${relative(ROOT, docsFile)} and ` +
        `${relative(ROOT, join(outDir, 'vscode.html-custom-data.json'))} (${Math.round(performance.now() - started)} ms)`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
