/** Strings of the ssh feature, in both languages. Merged into the catalogues. */
export const sshKeysZh = {} as const;

export const sshKeysEn: Record<keyof typeof sshKeysZh, string> = {};
