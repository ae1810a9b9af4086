import { css } from './sheet';

/** A design token's value in the light scheme and, when it differs, in the dark one. */
export interface DesignToken {
  light: string;
  dark?: string;
}

/**
 * The public design tokens, named without their `--yx-` prefix. A page sets any of them on the
 * element or on any ancestor (`body { --yx-color-brand: #7b3fe4 }`): custom properties inherit
 * into shadow roots. A token the page sets wins in both schemes.
 *
 * Each doc comment is the token's documentation: scripts/manifest.mjs copies it into
 * custom-elements.json, and docs/theming.md lists the same table.
 */
export const TOKENS = {
  /** Primary buttons, links, selected items, checked boxes and the focus ring. */
  'color-brand': { light: '#006ad4', dark: '#5aa5ff' },
  /** The brand colour under the pointer (primary buttons), and brand-coloured text that needs more weight. */
  'color-brand-hover': { light: '#0058b0', dark: '#82bbff' },
  /** Tinted backgrounds of selected and highlighted items. */
  'color-brand-soft': { light: '#e6f0fb', dark: '#1c3250' },
  /** Text and icons on a `color-brand` fill (primary buttons, badges). */
  'color-on-brand': { light: '#ffffff', dark: '#0a1626' },
  /** Body text. */
  'color-text': { light: '#1f2329', dark: '#e6e8eb' },
  /** Hints, descriptions, secondary labels. */
  'color-text-secondary': { light: '#5c636e', dark: '#a7aeb8' },
  /** Text of disabled items. */
  'color-text-disabled': { light: '#8f959e', dark: '#767d87' },
  /** The surface: panels, drawers, dialogs, inputs; in the dark scheme also the element's own background. */
  'color-bg': { light: '#ffffff', dark: '#1b1d21' },
  /** Raised or hovered rows, table headers, code blocks. */
  'color-bg-subtle': { light: '#f5f6f7', dark: '#25282d' },
  /** Borders of inputs, tables, cards and dividers. */
  'color-border': { light: '#d9dce1', dark: '#3b4048' },
  /** Borders that must stand out: checkboxes, radios. */
  'color-border-strong': { light: '#b6bcc5', dark: '#5b626c' },
  /** Errors, destructive buttons, unread counts. */
  'color-danger': { light: '#c92a2a', dark: '#ff7a72' },
  /** Background of error messages. */
  'color-danger-soft': { light: '#fdecec', dark: '#3d2224' },
  /** Text on a `color-danger` fill (delete buttons, count bubbles). */
  'color-on-danger': { light: '#ffffff', dark: '#240606' },
  /** Success messages and met password rules. */
  'color-success': { light: '#1c7c3c', dark: '#5ccb8b' },
  /** Background of success messages. */
  'color-success-soft': { light: '#e8f5ec', dark: '#193323' },
  /** Warnings, such as a token about to expire. */
  'color-warning': { light: '#8a5a00', dark: '#e6b450' },
  /** Background of warnings. */
  'color-warning-soft': { light: '#fff5e0', dark: '#362b13' },
  /** The backdrop behind dialogs and drawers. */
  'color-overlay': { light: 'rgba(15, 20, 30, 0.45)', dark: 'rgba(0, 0, 0, 0.6)' },
  /** `light` or `dark`: the scheme of native controls and scrollbars (the CSS `color-scheme`). */
  'color-scheme': { light: 'light', dark: 'dark' },
  /** The keyboard focus indicator (a `box-shadow`). */
  'focus-ring': { light: '0 0 0 2px var(--yx-color-bg), 0 0 0 4px var(--yx-color-brand)' },
  /** Corner radius of buttons, inputs and tags. */
  radius: { light: '6px' },
  /** Corner radius of cards, dialogs and panels. */
  'radius-lg': { light: '10px' },
  /** Shadow of dialogs, drawers and toasts. */
  shadow: { light: '0 8px 28px rgba(15, 20, 30, 0.18)', dark: '0 8px 28px rgba(0, 0, 0, 0.55)' },
  /** Every text of the element. */
  'font-family': {
    light: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  /** Fingerprints, keys, commands and other machine text. */
  'font-family-mono': { light: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  /** Body text size. */
  'font-size': { light: '14px' },
  /** Hints, badges, table meta text. */
  'font-size-sm': { light: '12px' },
  /** Dialog and section titles. */
  'font-size-lg': { light: '16px' },
  /** Page headings. */
  'font-size-xl': { light: '20px' },
  /** Line height of body text. */
  'line-height': { light: '1.5715' },
  /** Spacing step 1 (tight gaps). */
  'space-1': { light: '4px' },
  /** Spacing step 2. */
  'space-2': { light: '8px' },
  /** Spacing step 3. */
  'space-3': { light: '12px' },
  /** Spacing step 4 (default gap between blocks). */
  'space-4': { light: '16px' },
  /** Spacing step 5. */
  'space-5': { light: '24px' },
  /** Spacing step 6 (section gaps). */
  'space-6': { light: '32px' },
  /** Height of buttons, inputs and selects. */
  'control-height': { light: '32px' },
  /** Width of the create / edit drawers (never wider than the window). */
  'drawer-width': { light: '640px' },
  /** `z-index` of dialogs and drawers (toasts sit 10 above). */
  'z-overlay': { light: '1000' },
} as const satisfies Record<string, DesignToken>;

const tokens = Object.entries(TOKENS) as Array<[string, DesignToken]>;

/** The host resolves every token under a private name: what the page set (on the element or an
 * ancestor), else the scheme's default. Defaults that refer to other tokens read the resolved ones.
 * (A token cannot default to itself on one element: `--a: var(--a, x)` is a cycle.) */
const resolve = (scheme: 'light' | 'dark') =>
  tokens
    .filter(([, token]) => scheme === 'light' || token.dark !== undefined)
    .map(([name, token]) => {
      const value = (scheme === 'dark' ? token.dark! : token.light).replaceAll('var(--yx-', 'var(--_yx-');
      return `--_yx-${name}: var(--yx-${name}, ${value});`;
    })
    .join('\n');

/** …then hands the resolved values down under the public names, which is what every stylesheet
 * reads. Portals render into the shadow root too, so its top-level nodes cover everything. */
const publish = tokens.map(([name]) => `--yx-${name}: var(--_yx-${name});`).join('\n');

/** Both `theme="dark"` and a dark OS (unless `theme="light"`) get the dark set. The element paints
 * its own surface only then: its light text must stay readable on a light host page, while in the
 * light scheme the page's background shows through as before. */
const dark = `${resolve('dark')}
background: var(--_yx-color-bg);`;

/** The frame of every element. The text styles a host page sets on an ancestor (inherited
 * properties) stop at the host, so only the tokens come through (docs/theming.md): `font: initial`
 * resets every font longhand but synthesis (weight, style, variants, features, stretch, kerning,
 * …) before the tokens set family, size and line height; the other declarations reset spacing,
 * case, wrapping and breaking, WebKit's text fill and stroke (which override `color`), the caret,
 * the cursor and list markers. Both languages are written left to right: the page's `dir="rtl"`
 * stops here too (`lang` does not change the direction). `visibility` still inherits, so a hidden
 * ancestor hides the element.
 * No interpolations, so the build minifies it (rollup.config.mjs). Rules on `:host` itself must
 * read the private `--_yx-*` names: the public ones are only set inside the shadow root. */
const frameCss = css`
  :host {
    display: block;
    direction: ltr;
    color-scheme: var(--_yx-color-scheme);
    color: var(--_yx-color-text);
    font: initial;
    font-synthesis: initial;
    font-family: var(--_yx-font-family);
    font-size: var(--_yx-font-size);
    line-height: var(--_yx-line-height);
    letter-spacing: normal;
    word-spacing: normal;
    text-transform: none;
    text-indent: 0;
    text-align: start;
    text-shadow: none;
    white-space: normal;
    word-break: normal;
    overflow-wrap: normal;
    hyphens: manual;
    line-break: auto;
    -webkit-text-fill-color: currentcolor;
    -webkit-text-stroke: 0;
    caret-color: auto;
    cursor: auto;
    list-style: initial;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: none;
    box-shadow: var(--yx-focus-ring);
  }
  .yx-visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;

/** Design tokens and the frame of every element. Joined rather than one template, which the build
 * would ship with its indentation. */
export const tokensCss = [
  `:host{${resolve('light')}}`,
  `:host([theme='dark']){${dark}}`,
  `@media (prefers-color-scheme:dark){:host(:not([theme='light'])){${dark}}}`,
  `:host>*{${publish}}`,
  frameCss,
].join('');
