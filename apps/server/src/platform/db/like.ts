const escaped = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for a LIKE on a lower-cased column, with LIKE's own wildcards in the text taken literally. */
export const containsPattern = (text: string): string => `%${escaped(text)}%`;

/** `text%` for a LIKE on a lower-cased column (an index with text_pattern_ops serves it). */
export const prefixPattern = (text: string): string => `${escaped(text)}%`;
