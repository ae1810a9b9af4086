/** Strings of the personal access tokens feature, in both languages. Merged into the catalogues. */
export const tokensZh = {} as const;

export const tokensEn: Record<keyof typeof tokensZh, string> = {};
