/** Strings of the login feature, in both languages. Merged into the catalogues. */
export const loginZh = {} as const;

export const loginEn: Record<keyof typeof loginZh, string> = {};
