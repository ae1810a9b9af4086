/**
 * Stories render the real custom element with its attributes from the story's args: one arg per
 * attribute, named as the attribute is (`org-id`, `next-url`), so the Controls panel reads like
 * the element's HTML. `locale` and `flavour` left empty follow the toolbar.
 */
import type { InputType } from 'storybook/internal/types';
import type { Meta, StoryContext } from '@storybook/web-components-vite';
import { ENVS, FLAVOURS, LOCALES } from '../../src/core/settings';

export type AttributeValue = string | number | boolean | undefined;
export type ElementArgs = Record<string, AttributeValue>;

const COMMON = 'common attributes';
const OWN = 'attributes';

/** The attributes every element takes (DESIGN.md "Common attributes"). */
export const commonArgTypes: Record<string, InputType> = {
  host: {
    control: 'text',
    description: "API base URL. Empty: this page's origin, where the stories' fake API answers.",
    table: { category: COMMON },
  },
  'org-id': { control: 'text', description: 'The current organization id.', table: { category: COMMON } },
  'app-id': { control: 'text', description: 'The suite app the page belongs to.', table: { category: COMMON } },
  'csrf-token': {
    control: 'text',
    description: 'CSRF token sent as `X-CSRF-Token` on every request.',
    table: { category: COMMON },
  },
  locale: {
    control: 'select',
    options: ['', ...LOCALES],
    description: 'Interface language. Empty here: the Locale of the toolbar.',
    table: { category: COMMON },
  },
  flavour: {
    control: 'select',
    options: ['', ...FLAVOURS],
    description: 'Deployment flavour (system name, menus, SSH proxy). Empty here: the Flavour of the toolbar.',
    table: { category: COMMON },
  },
  env: {
    control: 'select',
    options: ['', ...ENVS],
    description: 'Deployment environment. Empty: `aliyun`.',
    table: { category: COMMON },
  },
  theme: {
    control: 'select',
    options: ['', 'light', 'dark'],
    description: '`dark`: the dark set of tokens; `light`: never dark. Empty: follows `prefers-color-scheme`.',
    table: { category: COMMON },
  },
};

/** A text attribute of the element itself. */
export const textAttribute = (description: string): InputType => ({
  control: 'text',
  description,
  table: { category: OWN },
});

/** An attribute with a fixed set of values ('' = not set). */
export const choiceAttribute = (description: string, options: readonly string[]): InputType => ({
  control: 'select',
  options: ['', ...options],
  description,
  table: { category: OWN },
});

/** A boolean attribute (present or absent). */
export const booleanAttribute = (description: string): InputType => ({
  control: 'boolean',
  description,
  table: { category: OWN },
});

/** A number attribute. */
export const numberAttribute = (description: string, min: number, max: number): InputType => ({
  control: { type: 'number', min, max },
  description,
  table: { category: OWN },
});

/** Creates the element with each known, non-empty arg as an attribute. */
export function createElementFromArgs(
  tag: string,
  attributes: readonly string[],
  args: ElementArgs,
  globals: Record<string, unknown>,
): HTMLElement {
  const element = document.createElement(tag);
  const values: ElementArgs = {
    ...args,
    locale: args.locale || String(globals.locale ?? ''),
    flavour: args.flavour || String(globals.flavour ?? ''),
  };
  for (const name of attributes) {
    const value = values[name];
    if (value === undefined || value === '' || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  // The manifest's CSS custom properties (design tokens) show as controls too: set on the element.
  for (const [name, value] of Object.entries(args)) {
    if (name.startsWith('--') && typeof value === 'string' && value) element.style.setProperty(name, value);
  }
  return element;
}

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The shared part of an element's stories: component, controls for every attribute (common ones
 * included) and the render function.
 * @example
 * const meta = { title: 'Elements/yx-error-page', ...elementMeta('yx-error-page', { type: choiceAttribute(…) }) };
 */
export function elementMeta(tag: string, own: Record<string, InputType> = {}) {
  const controls = { ...own, ...commonArgTypes };
  const attributes = Object.keys(controls);
  // Each attribute is also a property (`org-id` ↔ `orgId`); the manifest lists both, and one
  // control per attribute is enough.
  const properties: Record<string, InputType> = {};
  for (const name of attributes) {
    if (camelCase(name) !== name) properties[camelCase(name)] = { control: false, table: { disable: true } };
  }
  const argTypes = { ...controls, ...properties };
  return {
    component: tag,
    argTypes,
    render: (args: ElementArgs, context: StoryContext) => createElementFromArgs(tag, attributes, args, context.globals),
  } satisfies Meta<ElementArgs>;
}
