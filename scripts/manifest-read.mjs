// The facts of the manifest, read from the sources with the TypeScript compiler API (see
// scripts/manifest.mjs for which source says what).
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `theme` is read by the token sheet alone (CSS `:host([theme])`), so define.tsx does not list it. */
export const THEME_ATTRIBUTE = {
  name: 'theme',
  type: { text: "'light' | 'dark'" },
  description:
    '`dark` applies the dark set of design tokens, `light` keeps the light set even when the OS is dark; ' +
    'absent, the element follows `prefers-color-scheme`. Tokens set by the page win in both (docs/theming.md).',
};

/** Parts every element has, from the element kit (src/ui/Toast.tsx, src/ui/ErrorBoundary.tsx). */
export const COMMON_PARTS = [
  { name: 'toasts', description: 'the region of the short notices (toasts), top centre' },
  { name: 'toast', description: 'one notice (`data-tone` info | success | error)' },
  { name: 'crash', description: 'shown instead of the element when it failed to render, with a Reload `button`' },
  { name: 'button', description: 'every button' },
];

const kebab = (name) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
const fail = (message) => {
  throw new Error(`[manifest] ${message}`);
};

/** Splits a JSDoc block into its description and its tags (a tag starts a line with `@name`;
 * an `@default` inside a line stays part of the text it qualifies). */
export function parseJsDoc(text) {
  const lines = text
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  const description = [];
  const tags = [];
  for (const line of lines) {
    const tag = /^@([a-zA-Z]+)\s*(.*)$/.exec(line.trim());
    if (tag) tags.push({ tag: tag[1], text: tag[2] });
    else if (tags.length > 0) tags[tags.length - 1].text += line.trim() ? ' ' + line.trim() : '';
    else description.push(line);
  }
  return { description: description.join('\n').trim(), tags };
}

/** `name - text` (the dash is optional). */
function namedTag(text) {
  const match = /^(\S+)\s*(?:-\s+)?([\s\S]*)$/.exec(text.trim());
  if (!match) fail(`cannot read the tag "${text}"`);
  return { name: match[1], description: match[2].trim() };
}

function firstSentence(text) {
  const match = /^([\s\S]*?[.!?])(\s|$)/.exec(text.replace(/\s+/g, ' '));
  return (match ? match[1] : text).trim();
}

export function createProgram() {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    },
  );
  const elements = readdirSync(join(ROOT, 'elements'))
    .filter((f) => /^yx-[a-z-]+\.ts$/.test(f))
    .sort()
    .map((f) => join(ROOT, 'elements', f));
  const program = ts.createProgram(elements, { ...parsed.options, noEmit: true, types: [] });
  return { program, checker: program.getTypeChecker(), elements };
}

const sourceOf = (program, file) =>
  program.getSourceFile(join(ROOT, file)) ?? fail(`${file} is not part of the elements' program`);

function findVariable(sourceFile, name) {
  let found;
  sourceFile.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const decl of node.declarationList.declarations) {
      if (ts.isIdentifier(decl.name) && decl.name.text === name) found = decl;
    }
  });
  return found ?? fail(`${sourceFile.fileName} has no "${name}"`);
}

/** Strips `as const`, `satisfies …` and parentheses around an initializer. */
function unwrap(node) {
  while (node && (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)))
    node = node.expression;
  return node;
}

const propertyName = (node) =>
  ts.isIdentifier(node) || ts.isStringLiteral(node) ? node.text : fail(`unexpected property name ${node.getText()}`);

/** The JSDoc text (without tags) written on a node. */
function docOf(node) {
  const blocks = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  return blocks
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join('\n')
    .trim();
}

/** A union of literals as `'a' | 'b'`, in the order its type alias lists them; anything else as
 * TypeScript prints it. */
function typeText(checker, type) {
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  if (!type.isUnion() || !type.types.every((t) => t.isStringLiteral()))
    return checker.typeToString(type, undefined, flags);
  const values = type.types.map((t) => t.value);
  const alias = type.aliasSymbol?.declarations?.[0];
  const written =
    alias && ts.isTypeAliasDeclaration(alias) && ts.isUnionTypeNode(alias.type)
      ? alias.type.types.map((t) => (ts.isLiteralTypeNode(t) ? t.literal.text : undefined))
      : [];
  return inOrder(values, written)
    .map((v) => `'${v}'`)
    .join(' | ');
}

/** `values` in the order of `reference` (values it lacks keep their place at the end). */
function inOrder(values, reference) {
  const at = (v) => (reference.indexOf(v) < 0 ? Infinity : reference.indexOf(v));
  return [...values].sort((a, b) => at(a) - at(b));
}

/** The common attributes: COMMON in define.tsx, documented by PageSettings. */
export function commonAttributes(program, checker) {
  const define = sourceOf(program, 'elements/define.tsx');
  const settings = sourceOf(program, 'src/core/settings.ts');
  let pageSettings;
  settings.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'PageSettings') pageSettings = node;
  });
  if (!pageSettings) fail('src/core/settings.ts has no PageSettings');
  const common = unwrap(findVariable(define, 'COMMON').initializer);
  if (!ts.isObjectLiteralExpression(common)) fail('COMMON in define.tsx is not an object literal');
  return common.properties.map((prop) => {
    const field = propertyName(prop.name);
    const setting = unwrap(prop.initializer).text;
    const member = pageSettings.members.find((m) => m.name && propertyName(m.name) === setting);
    if (!member) fail(`PageSettings has no "${setting}" (COMMON.${field} in define.tsx)`);
    const symbol = checker.getSymbolAtLocation(member.name);
    const type = checker.getTypeOfSymbolAtLocation(symbol, member);
    const defaultTag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'default');
    const description = docOf(member);
    return {
      name: kebab(field),
      fieldName: field,
      type: { text: typeText(checker, checker.getNonNullableType(type)) },
      ...(defaultTag ? { default: ts.getTextOfJSDocComment(defaultTag.comment) } : {}),
      description: `${description} Overrides \`configure({ ${setting} })\` and \`window.__YX_SETTINGS__\` for this element.`,
    };
  });
}

/** The design tokens of src/ui/css/tokens.ts: name, light and dark defaults, what they style. */
export function readTokens(program) {
  const tokens = unwrap(findVariable(sourceOf(program, 'src/ui/css/tokens.ts'), 'TOKENS').initializer);
  if (!ts.isObjectLiteralExpression(tokens)) fail('TOKENS in tokens.ts is not an object literal');
  return tokens.properties.map((prop) => {
    const values = Object.fromEntries(
      unwrap(prop.initializer).properties.map((v) => [propertyName(v.name), unwrap(v.initializer).text]),
    );
    return {
      name: `--yx-${propertyName(prop.name)}`,
      light: values.light,
      dark: values.dark,
      description: docOf(prop),
    };
  });
}

/** Every `yx-*` entry of GlobalEventHandlersEventMap, with its type spelled out. */
export function eventTypes(checker, sourceFile) {
  const map = checker
    .getSymbolsInScope(sourceFile, ts.SymbolFlags.Interface)
    .find((s) => s.name === 'GlobalEventHandlersEventMap');
  if (!map) fail('GlobalEventHandlersEventMap not found');
  const types = new Map();
  for (const prop of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(map))) {
    if (!prop.name.startsWith('yx-')) continue;
    const type = checker.getTypeOfSymbolAtLocation(prop, prop.declarations[0]);
    const [detail] = checker.getTypeArguments(type);
    let text = checker.typeToString(detail, undefined, ts.TypeFormatFlags.NoTruncation);
    // Spelled out field by field, so a named detail (an interface) says what it holds.
    if (detail.flags & ts.TypeFlags.Object && detail.getProperties().length > 0) {
      const fields = detail.getProperties().map((p) => {
        const fieldType = checker.getTypeOfSymbolAtLocation(p, p.declarations[0]);
        return `${p.name}: ${typeText(checker, fieldType)}`;
      });
      text = `{ ${fields.join('; ')} }`;
    }
    types.set(prop.name, `CustomEvent<${text}>`);
  }
  return types;
}

/** The element's own attributes: the `props` option of its defineElement call. */
function ownProps(checker, call, file) {
  const options = call.arguments[1];
  if (!options) return [];
  if (!ts.isObjectLiteralExpression(options)) fail(`${file}: defineElement options must be an object literal`);
  const props = options.properties.find((p) => p.name && propertyName(p.name) === 'props');
  if (!props) return [];
  const literal = unwrap(props.initializer);
  if (!ts.isObjectLiteralExpression(literal)) fail(`${file}: props must be an object literal`);
  return literal.properties.map((prop) => {
    const field = propertyName(prop.name);
    const kind = unwrap(prop.initializer);
    if (ts.isStringLiteral(kind)) return { field, type: kind.text };
    const parts = Object.fromEntries(kind.properties.map((p) => [propertyName(p.name), unwrap(p.initializer)]));
    if (parts.enum) {
      const values = ts.isArrayLiteralExpression(parts.enum)
        ? parts.enum.elements.map((e) => e.text)
        : checker
            .getIndexTypeOfType(checker.getTypeAtLocation(parts.enum), ts.IndexKind.Number)
            .types.map((t) => t.value);
      return {
        field,
        type: 'enum',
        values,
        default: parts.default.text,
        fromChecker: !ts.isArrayLiteralExpression(parts.enum),
      };
    }
    const range = Object.fromEntries(parts.number.properties.map((p) => [propertyName(p.name), unwrap(p.initializer)]));
    return {
      field,
      type: 'number',
      default: range.default.getText(),
      min: range.min?.getText(),
      max: range.max?.getText(),
    };
  });
}

function methodsOf(checker, cls) {
  const methods = [];
  for (const member of cls.members) {
    if (!ts.isMethodDeclaration(member) || !member.name || !ts.isIdentifier(member.name)) continue;
    const modifiers = ts.getCombinedModifierFlags(member);
    if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected) || member.name.text.startsWith('_'))
      continue;
    const signature = checker.getSignatureFromDeclaration(member);
    methods.push({
      kind: 'method',
      name: member.name.text,
      description: docOf(member),
      parameters: member.parameters.map((p) => ({
        name: p.name.getText(),
        type: { text: checker.typeToString(checker.getTypeAtLocation(p)) },
        ...(p.initializer ? { default: p.initializer.getText() } : {}),
        ...(p.questionToken || p.initializer ? { optional: true } : {}),
      })),
      return: { type: { text: checker.typeToString(checker.getReturnTypeOfSignature(signature)) } },
    });
  }
  return methods;
}

export function describeElement(checker, sourceFile, common, tokenProperties, events) {
  const file = relative(ROOT, sourceFile.fileName);
  let cls;
  sourceFile.forEachChild((node) => {
    if (ts.isClassDeclaration(node) && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) cls = node;
  });
  if (!cls?.name) fail(`${file} exports no element class`);
  const docNode = ts.getJSDocCommentsAndTags(cls).findLast(ts.isJSDoc);
  if (!docNode) fail(`${file}: ${cls.name.text} has no JSDoc`);
  const doc = parseJsDoc(docNode.getText());
  const tagsNamed = (...names) => doc.tags.filter((t) => names.includes(t.tag));
  const tagName = tagsNamed('tag')[0]?.text.trim() ?? fail(`${file}: no @tag`);
  if (`elements/${tagName}.ts` !== file) fail(`${file}: @tag ${tagName} does not match the file name`);

  const heritage = cls.heritageClauses?.[0]?.types[0]?.expression;
  if (!heritage || !ts.isCallExpression(heritage) || heritage.expression.getText() !== 'defineElement')
    fail(`${file}: ${cls.name.text} must extend defineElement(…)`);
  const own = ownProps(checker, heritage, file);

  const attrDocs = new Map();
  for (const tag of tagsNamed('attr', 'attribute')) {
    const { name, description } = namedTag(tag.text);
    if (attrDocs.has(name)) fail(`${file}: @attr ${name} twice`);
    attrDocs.set(name, description);
  }
  const commonNames = new Set([...common.map((a) => a.name), THEME_ATTRIBUTE.name]);
  for (const name of attrDocs.keys()) {
    if (!commonNames.has(name) && !own.some((p) => kebab(p.field) === name))
      fail(`${file}: @attr ${name} is neither a common attribute nor in the element's props`);
  }

  const attributes = [];
  const members = [];
  for (const prop of own) {
    const name = kebab(prop.field);
    const description =
      attrDocs.get(name) ?? fail(`${file}: the "${name}" attribute (props.${prop.field}) has no @attr`);
    // The checker lists a computed enum in no useful order: follow the one the doc names them in.
    const values =
      prop.type === 'enum' && prop.fromChecker
        ? inOrder(
            prop.values,
            [...description.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
          )
        : prop.values;
    const type =
      prop.type === 'enum' ? values.map((v) => `'${v}'`).join(' | ') : prop.type === 'number' ? 'number' : prop.type;
    const defaultValue = prop.type === 'enum' ? `'${prop.default}'` : prop.type === 'boolean' ? 'false' : prop.default;
    const attribute = {
      name,
      fieldName: prop.field,
      type: { text: type },
      ...(defaultValue !== undefined ? { default: defaultValue } : {}),
      description,
    };
    attributes.push(attribute);
    members.push(fieldFor(attribute));
  }
  for (const attribute of common) {
    const note = attrDocs.get(attribute.name);
    const sentence = note && note[0].toUpperCase() + note.slice(1).replace(/\.?$/, '.');
    const entry = note ? { ...attribute, description: `${attribute.description} ${sentence}` } : attribute;
    attributes.push(entry);
    members.push(fieldFor(entry));
  }
  const themeNote = attrDocs.get(THEME_ATTRIBUTE.name);
  attributes.push(themeNote ? { ...THEME_ATTRIBUTE, description: themeNote } : THEME_ATTRIBUTE);
  members.push(...methodsOf(checker, cls));

  const eventList = tagsNamed('fires', 'event').map((tag) => {
    const { name, description } = namedTag(tag.text);
    const type = events.get(name) ?? fail(`${file}: @fires ${name} is not declared in GlobalEventHandlersEventMap`);
    return { name, type: { text: type }, description };
  });

  const cssParts = tagsNamed('csspart', 'part').map((t) => namedTag(t.text));
  const seenParts = new Set();
  for (const part of cssParts) {
    if (!/^[a-z][a-z0-9-]*$/.test(part.name)) fail(`${file}: "${part.name}" is not a part name`);
    if (seenParts.has(part.name)) fail(`${file}: @csspart ${part.name} twice`);
    seenParts.add(part.name);
  }
  cssParts.push(...COMMON_PARTS.filter((part) => !seenParts.has(part.name)));
  const ownCssProperties = tagsNamed('cssprop', 'cssproperty').map((t) => {
    const { name, description } = namedTag(t.text);
    const defaultMatch = /;?\s*default:?\s+`?([^`]+?)`?\s*$/.exec(description);
    return defaultMatch
      ? { name, default: defaultMatch[1], description: description.slice(0, defaultMatch.index).trim() }
      : { name, description };
  });

  const summary = tagsNamed('summary')[0]?.text.trim() || firstSentence(doc.description);
  return {
    kind: 'class',
    name: cls.name.text,
    tagName,
    customElement: true,
    summary,
    description: doc.description,
    superclass: { name: 'HTMLElement' },
    attributes,
    members,
    events: eventList,
    slots: tagsNamed('slot').map((t) => namedTag(t.text)),
    cssParts,
    cssProperties: [...ownCssProperties, ...tokenProperties],
  };
}

/** Each attribute is also a string property (r2wc reflects it to the attribute). */
function fieldFor(attribute) {
  return {
    kind: 'field',
    name: attribute.fieldName,
    type: { text: 'string | undefined' },
    attribute: attribute.name,
    reflects: true,
    description: attribute.description,
  };
}
