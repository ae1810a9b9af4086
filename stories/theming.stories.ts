import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { StoryContext } from '@storybook/web-components-vite';
import '../elements/yx-error-page';
import '../elements/yx-token-manager';
import { find } from './support/play';
import { tokenHandlers } from './mocks/tokens';

type ThemeArgs = {
  /** `--yx-color-brand`; empty: the element's own. */
  brand: string;
  /** The `theme` attribute. */
  theme: 'light' | 'dark';
  /** `--yx-radius`. */
  radius: string;
  /** `--yx-font-family`. */
  font: string;
};

/**
 * How a host themes the elements: design tokens (`--yx-*` CSS custom properties) set on the
 * element or any ancestor, and the dark set with `theme="dark"`. Host CSS cannot reach inside
 * the shadow roots; parts (`::part(…)`) and tokens are the way in. Here the tokens are set on a
 * wrapper around two elements.
 */
const meta = {
  title: 'Theming/Tokens and dark',
  argTypes: {
    brand: { control: 'color', description: '`--yx-color-brand` (default `#006AD4`, dark `#5aa5ff`)' },
    theme: { control: 'inline-radio', options: ['light', 'dark'], description: 'The `theme` attribute' },
    radius: { control: 'text', description: '`--yx-radius` (default `6px`)' },
    font: { control: 'text', description: '`--yx-font-family`' },
  },
  // Empty tokens keep the element's own values (the dark set has its own, lighter brand colour).
  args: { brand: '', theme: 'light', radius: '', font: '' },
  parameters: { msw: { handlers: { api: tokenHandlers() } } },
  render: (args: ThemeArgs, context: StoryContext) => {
    const wrapper = document.createElement('div');
    wrapper.className = 'yx-theme-demo';
    const tokens: Record<string, string> = { '--yx-color-brand': args.brand, '--yx-radius': args.radius };
    tokens['--yx-font-family'] = args.font;
    for (const [name, value] of Object.entries(tokens)) if (value) wrapper.style.setProperty(name, value);
    if (args.theme === 'dark') {
      // The story page behind the elements, so the dark set is seen as a host would show it.
      wrapper.style.background = '#141517';
      wrapper.style.padding = '16px';
    }
    const locale = String(context.globals.locale ?? 'en_US');
    for (const tag of ['yx-token-manager', 'yx-error-page']) {
      const element = document.createElement(tag);
      element.setAttribute('locale', locale);
      element.setAttribute('theme', args.theme);
      if (tag === 'yx-error-page') element.setAttribute('type', 'not-found');
      wrapper.append(element);
    }
    return wrapper;
  },
} satisfies Meta<ThemeArgs>;

export default meta;
type Story = StoryObj<ThemeArgs>;

const listShown = async (canvasElement: HTMLElement) => {
  const list = canvasElement.querySelector('yx-token-manager')!;
  await find(list, '[part="count"]');
};

export const Default: Story = { play: async ({ canvasElement }) => listShown(canvasElement) };

/** A host's own brand colour: buttons, links, focus rings and selection follow it. */
export const BrandColour: Story = {
  args: { brand: '#7b3fc4' },
  play: async ({ canvasElement }) => listShown(canvasElement),
};

export const Dark: Story = {
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => listShown(canvasElement),
};

/** Rounder corners and another typeface, from two tokens. */
export const CustomTokens: Story = {
  args: { brand: '#1c7c3c', radius: '14px', font: 'Georgia, "Noto Serif CJK SC", serif' },
  play: async ({ canvasElement }) => listShown(canvasElement),
};
