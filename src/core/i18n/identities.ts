/** Strings of the identities feature, in both languages. Merged into the catalogues. */
export const identitiesZh = {} as const;

export const identitiesEn: Record<keyof typeof identitiesZh, string> = {};
