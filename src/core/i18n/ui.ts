/** Strings of the shared UI primitives (src/ui), in both languages. Merged into the catalogues. */
export const uiZh = {
  'ui.placeholder': '—',
} as const;

export const uiEn: Record<keyof typeof uiZh, string> = {
  'ui.placeholder': '—',
};
