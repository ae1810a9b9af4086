/** axe rules that do not apply to a story, as `parameters.a11y.config.rules` (the a11y panel and
 * test/storybook read the same list). A story shows one element alone, outside any page
 * landmark, so `region` is off. A story that sets its own list must start from this one:
 * Storybook replaces arrays in parameters rather than merging them. */
export const STORY_A11Y_RULES: ReadonlyArray<{ id: string; enabled: boolean }> = [{ id: 'region', enabled: false }];
