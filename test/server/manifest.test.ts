/**
 * The custom elements manifest documents what the elements really have: the generator runs as
 * `npm run build` runs it, and its output is compared with the sources. Each element's sources are
 * what its file reaches through imports (only the exports it uses, dynamic `import()`s of src/
 * included, other elements excluded), so a `part` or an event of another element never counts.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface Named {
  name: string;
  description?: string;
}
interface Declaration {
  tagName: string;
  name: string;
  summary: string;
  attributes: Array<Named & { type: { text: string }; default?: string; fieldName?: string }>;
  members: Array<Named & { kind: string; attribute?: string }>;
  events: Array<Named & { type: { text: string } }>;
  cssParts: Named[];
  cssProperties: Array<Named & { default?: string }>;
}
interface Manifest {
  schemaVersion: string;
  modules: Array<{ path: string; declarations: Declaration[]; exports: Array<{ kind: string; name: string }> }>;
}
interface VscodeData {
  version: number;
  tags: Array<{ name: string; attributes: Array<{ name: string; values?: Named[]; valueSet?: string }> }>;
}

const TAGS = readdirSync(join(ROOT, 'elements'))
  .filter((f) => /^yx-[a-z-]+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

// ---- What the sources of one element contain -------------------------------------------------

interface Found {
  /** Complete `part` names written in JSX. */
  parts: Set<string>;
  /** Part names built from a variable (`${kind}-header`), as patterns. */
  partPatterns: RegExp[];
  /** `yx-*` events passed to `emit(…)` or `new CustomEvent(…)`. */
  events: Set<string>;
  /** Every string literal: a part named through a prop (`kind="confirm"` → `part={kind}`). */
  strings: Set<string>;
}

interface Module {
  file: string;
  /** Top-level declarations by name. */
  declarations: Map<string, ts.Node[]>;
  /** Local name → the module and export it was imported from (`*` for a namespace). */
  imports: Map<string, { from: string; name: string }>;
  /** Export name → a local name, or a module and export. */
  exports: Map<string, { local: string } | { from: string; name: string }>;
  starExports: string[];
  sideEffectImports: string[];
  /** Top-level statements that run on import (calls such as `define(…)`). */
  statements: ts.Node[];
}

const modules = new Map<string, Module | null>();

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

function loadModule(file: string): Module | null {
  if (modules.has(file)) return modules.get(file)!;
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const module: Module = {
    file,
    declarations: new Map(),
    imports: new Map(),
    exports: new Map(),
    starExports: [],
    sideEffectImports: [],
    statements: [],
  };
  const declare = (name: string, node: ts.Node) =>
    module.declarations.set(name, [...(module.declarations.get(name) ?? []), node]);
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const from = resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text);
      if (!from) continue;
      const clause = statement.importClause;
      if (!clause) module.sideEffectImports.push(from);
      if (clause?.name) module.imports.set(clause.name.text, { from, name: 'default' });
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) module.imports.set(bindings.name.text, { from, name: '*' });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          module.imports.set(element.name.text, { from, name: (element.propertyName ?? element.name).text });
        }
      }
    } else if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier
        ? resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text)
        : null;
      if (statement.moduleSpecifier && !from) continue;
      if (!statement.exportClause) {
        if (from) module.starExports.push(from);
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          const local = (element.propertyName ?? element.name).text;
          module.exports.set(element.name.text, from ? { from, name: local } : { local });
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      declare('default', statement);
      module.exports.set('default', { local: 'default' });
    } else if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const names: string[] = [];
        const collect = (name: ts.BindingName) => {
          if (ts.isIdentifier(name)) names.push(name.text);
          else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
        };
        collect(decl.name);
        for (const name of names) {
          declare(name, decl);
          if (isExported(statement)) module.exports.set(name, { local: name });
        }
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      declare(statement.name.text, statement);
      if (isExported(statement)) {
        const isDefault = (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        module.exports.set(isDefault ? 'default' : statement.name.text, { local: statement.name.text });
      }
    } else if (ts.isModuleDeclaration(statement)) {
      // `declare global` / `declare module`: types only.
    } else {
      module.statements.push(statement);
    }
  }
  modules.set(file, module);
  return module;
}

/** The sources of the element in `root`: every node its module graph can run, scanned. */
function scanElement(root: string): Found {
  const found: Found = { parts: new Set(), partPatterns: [], events: new Set(), strings: new Set() };
  const marked = new Set<string>();
  const wholeModules = new Set<string>();
  const isOtherElement = (file: string) => /[/\\]elements[/\\]yx-[a-z-]+\.ts$/.test(file) && file !== root;

  const scanNode = (module: Module, node: ts.Node) => {
    const visit = (n: ts.Node) => {
      if (ts.isIdentifier(n)) useName(module, n.text);
      if (ts.isStringLiteral(n)) found.strings.add(n.text);
      // `part`, and the props that hand a part down to a shared component (`sendPart="button …"`).
      if (ts.isJsxAttribute(n) && /^(?:part|\w+Part)$/.test(n.name.getText()) && n.initializer) {
        collectParts(n.initializer, found);
      }
      if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
        const callee = n.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        if (name === 'emit' || name === 'CustomEvent') {
          for (const arg of n.arguments ?? []) {
            if (ts.isStringLiteral(arg) && arg.text.startsWith('yx-')) found.events.add(arg.text);
          }
        }
        if (ts.isCallExpression(n) && callee.kind === ts.SyntaxKind.ImportKeyword) {
          const [specifier] = n.arguments;
          const target = specifier && ts.isStringLiteral(specifier) ? resolveImport(module.file, specifier.text) : null;
          if (target && !isOtherElement(target)) useWholeModule(target);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
  };

  const useDeclaration = (module: Module, name: string) => {
    const key = `${module.file}#${name}`;
    if (marked.has(key)) return;
    marked.add(key);
    for (const node of module.declarations.get(name) ?? []) scanNode(module, node);
  };

  const useName = (module: Module, name: string) => {
    if (module.declarations.has(name)) useDeclaration(module, name);
    const imported = module.imports.get(name);
    if (imported && !isOtherElement(imported.from)) useExport(imported.from, imported.name);
  };

  const useExport = (file: string, name: string) => {
    if (name === '*') return useWholeModule(file);
    const module = enter(file);
    if (!module) return;
    const exported = module.exports.get(name);
    if (exported && 'local' in exported) useName(module, exported.local);
    else if (exported) useExport(exported.from, exported.name);
    else for (const star of module.starExports) useExport(star, name);
  };

  const entered = new Set<string>();
  /** Loading a module runs its top-level statements and its side-effect imports. */
  const enter = (file: string) => {
    const module = loadModule(file);
    if (!module || entered.has(file)) return module;
    entered.add(file);
    for (const statement of module.statements) scanNode(module, statement);
    for (const imported of module.sideEffectImports) if (!isOtherElement(imported)) useWholeModule(imported);
    return module;
  };

  const useWholeModule = (file: string) => {
    if (wholeModules.has(file)) return;
    wholeModules.add(file);
    const module = enter(file);
    if (!module) return;
    for (const name of module.declarations.keys()) useDeclaration(module, name);
    for (const [name, exported] of module.exports) if (!('local' in exported)) useExport(file, name);
    for (const star of module.starExports) useWholeModule(star);
  };

  useWholeModule(root);
  return found;
}

/** Part names in a `part` attribute: whole tokens are names; a token built around a variable
 * becomes a pattern (`${kind}-header` → /^[a-z0-9-]+-header$/). */
function collectParts(initializer: ts.JsxAttributeValue, found: Found) {
  const HOLE = '\u0000';
  const texts: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) texts.push(n.text);
    else if (ts.isTemplateExpression(n)) {
      texts.push(n.head.text + n.templateSpans.map((span) => HOLE + span.literal.text).join(''));
      for (const span of n.templateSpans) visit(span.expression);
    } else ts.forEachChild(n, visit);
  };
  visit(initializer);
  for (const token of texts.flatMap((t) => t.split(/\s+/)).filter(Boolean)) {
    if (!token.includes(HOLE)) found.parts.add(token);
    else if (token !== HOLE) {
      const pattern = token
        .split(HOLE)
        .map((s) => s.replace(/[-]/g, '\\-'))
        .join('[a-z0-9-]+');
      found.partPatterns.push(new RegExp(`^${pattern}$`));
    }
  }
}

// ---- The tests -------------------------------------------------------------------------------

describe('custom elements manifest', () => {
  let manifest: Manifest;
  let vscode: VscodeData;
  let generated: string;
  let generatedJsx: string;
  let generatedDocs: string;
  let outDir: string;
  const declarationOf = (tag: string) => {
    const declaration = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === tag);
    assert.ok(declaration, `custom-elements.json has no <${tag}>`);
    return declaration;
  };

  before(() => {
    outDir = mkdtempSync(join(tmpdir(), 'yx-manifest-'));
    const manifestFile = join(outDir, 'custom-elements.json');
    const jsxFile = join(outDir, 'jsx.ts');
    const docsFile = join(outDir, 'theming.md');
    const args = ['--manifest', manifestFile, '--out-dir', outDir, '--jsx', jsxFile, '--docs', docsFile, '--quiet'];
    execFileSync(process.execPath, ['scripts/manifest.mjs', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    generated = readFileSync(manifestFile, 'utf8');
    generatedJsx = readFileSync(jsxFile, 'utf8');
    generatedDocs = readFileSync(docsFile, 'utf8');
    manifest = JSON.parse(generated) as Manifest;
    vscode = JSON.parse(readFileSync(join(outDir, 'vscode.html-custom-data.json'), 'utf8')) as VscodeData;
    rmSync(outDir, { recursive: true, force: true });
  });

  it('has an entry for every element file, each exported and defined under its tag', () => {
    assert.equal(TAGS.length, 14);
    assert.equal(manifest.schemaVersion, '2.1.0');
    assert.deepEqual(manifest.modules.flatMap((m) => m.declarations.map((d) => d.tagName)).sort(), TAGS);
    for (const module of manifest.modules) {
      const [declaration] = module.declarations;
      assert.equal(module.path, `dist/elements/${declaration!.tagName}.js`);
      assert.deepEqual(
        module.exports.map((e) => `${e.kind}:${e.name}`),
        [`js:${declaration!.name}`, `custom-element-definition:${declaration!.tagName}`],
      );
      assert.ok(declaration!.summary.length > 10, `<${declaration!.tagName}> has a summary`);
    }
  });

  // `npm run build` regenerates all three; these catch a commit that changed an element without it.
  it('is the committed custom-elements.json (run `node scripts/manifest.mjs` after changing an element)', () => {
    assert.equal(readFileSync(join(ROOT, 'custom-elements.json'), 'utf8'), generated);
  });

  it('matches the committed JSX typings (elements/jsx.ts) and theming tables (docs/theming.md)', () => {
    assert.equal(readFileSync(join(ROOT, 'elements/jsx.ts'), 'utf8'), generatedJsx);
    assert.equal(readFileSync(join(ROOT, 'docs/theming.md'), 'utf8'), generatedDocs);
    assert.match(generatedDocs, /\| `--yx-color-brand` +\| `#006ad4` +\| `#[0-9a-f]{6}` +\|/);
    for (const tag of TAGS) assert.ok(generatedDocs.includes(`### \`<${tag}>\``), `docs/theming.md lists <${tag}>`);
  });

  it('lists the common attributes of every element, with their properties', () => {
    const common = ['host', 'org-id', 'app-id', 'csrf-token', 'locale', 'flavour', 'env', 'theme'];
    for (const tag of TAGS) {
      const declaration = declarationOf(tag);
      const names = declaration.attributes.map((a) => a.name);
      for (const name of common) assert.ok(names.includes(name), `<${tag}> documents ${name}`);
      const orgId = declaration.members.find((m) => m.name === 'orgId');
      assert.equal(orgId?.attribute, 'org-id');
      const locale = declaration.attributes.find((a) => a.name === 'locale');
      assert.equal(locale?.type.text, "'zh_CN' | 'en_US'");
      for (const attribute of declaration.attributes) assert.ok(attribute.description, `<${tag}> ${attribute.name}`);
    }
  });

  it("types each element's own attributes from its props", () => {
    const view = declarationOf('yx-token-manager').attributes.find((a) => a.name === 'view');
    assert.deepEqual([view?.type.text, view?.default], ["'list' | 'create'", "'list'"]);
    const seconds = declarationOf('yx-email-verify-result').attributes.find((a) => a.name === 'seconds');
    assert.deepEqual([seconds?.type.text, seconds?.default], ['number', '5']);
    const noReload = declarationOf('yx-profile').attributes.find((a) => a.name === 'no-reload');
    assert.deepEqual([noReload?.type.text, noReload?.default], ['boolean', 'false']);
    const type = declarationOf('yx-error-page').attributes.find((a) => a.name === 'type');
    assert.match(type?.type.text ?? '', /^'bad-parameter' \| 'no-permission' \| .*'not-found'/);
  });

  it('types every event with its detail', () => {
    const create = declarationOf('yx-token-manager').events.find((e) => e.name === 'yx-token-create');
    assert.equal(create?.type.text, 'CustomEvent<{ tokenId: string; name: string }>');
    const login = declarationOf('yx-login').events.find((e) => e.name === 'yx-login');
    assert.match(login?.type.text ?? '', /^CustomEvent<\{ user: .+; csrfToken: string \}>$/);
  });

  it('lists the design tokens as CSS custom properties, with the brand colour #006AD4', () => {
    for (const tag of TAGS) {
      const brand = declarationOf(tag).cssProperties.find((p) => p.name === '--yx-color-brand');
      assert.equal(brand?.default?.toLowerCase(), '#006ad4', `<${tag}>`);
      assert.match(brand?.description ?? '', /Dark: `#[0-9a-f]{6}`/);
    }
    const badge = declarationOf('yx-unread-badge').cssProperties.find((p) => p.name === '--yx-badge-size');
    assert.equal(badge?.default, '32px');
  });

  for (const tag of TAGS) {
    describe(`<${tag}>`, () => {
      let found: Found;
      before(() => {
        found = scanElement(join(ROOT, 'elements', `${tag}.ts`));
      });

      it('documents every part its sources render', () => {
        const documented = new Set(declarationOf(tag).cssParts.map((p) => p.name));
        const missing = [...found.parts].filter((p) => !documented.has(p)).sort();
        assert.deepEqual(missing, [], `add @csspart lines to elements/${tag}.ts`);
      });

      it('documents no part its sources do not render', () => {
        const stale = declarationOf(tag)
          .cssParts.map((p) => p.name)
          .filter(
            (p) =>
              !found.parts.has(p) && !found.strings.has(p) && !found.partPatterns.some((pattern) => pattern.test(p)),
          );
        assert.deepEqual(stale, [], `remove or fix these @csspart lines in elements/${tag}.ts`);
      });

      it('documents exactly the events its sources dispatch', () => {
        const documented = declarationOf(tag)
          .events.map((e) => e.name)
          .sort();
        assert.deepEqual(documented, [...found.events].sort(), `@fires lines of elements/${tag}.ts`);
      });

      it('declares its tag in HTMLElementTagNameMap', () => {
        const text = readFileSync(join(ROOT, 'elements', `${tag}.ts`), 'utf8');
        const name = declarationOf(tag).name;
        assert.match(text, new RegExp(`interface HTMLElementTagNameMap \\{\\s*'${tag}': ${name};`));
      });
    });
  }

  it('gives VS Code every element with its attributes and their values', () => {
    assert.equal(vscode.version, 1.1);
    assert.deepEqual(vscode.tags.map((t) => t.name).sort(), TAGS);
    const manager = vscode.tags.find((t) => t.name === 'yx-token-manager')!;
    assert.deepEqual(
      manager.attributes.find((a) => a.name === 'view')?.values?.map((v) => v.name),
      ['list', 'create'],
    );
    assert.deepEqual(
      manager.attributes.find((a) => a.name === 'theme')?.values?.map((v) => v.name),
      ['light', 'dark'],
    );
    const profile = vscode.tags.find((t) => t.name === 'yx-profile')!;
    assert.equal(profile.attributes.find((a) => a.name === 'no-reload')?.valueSet, 'v');
  });
});
