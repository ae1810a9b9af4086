/** Strings of the orgs feature, in both languages. Merged into the catalogues. */
export const orgsZh = {} as const;

export const orgsEn: Record<keyof typeof orgsZh, string> = {};
