const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
const SYMBOLS = "-_.!@#%+=";

/**
 * A strong temporary password made in the browser (20 characters, letters, digits and a
 * symbol), so the administrator need not invent one. The server still checks it.
 */
export function generateTemporaryPassword(): string {
  const bytes = new Uint8Array(64);
  crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) {
    if (b < 256 - (256 % ALPHABET.length)) out += ALPHABET[b % ALPHABET.length];
    if (out.length === 18) break;
  }
  const symbol = SYMBOLS[bytes[63]! % SYMBOLS.length]!;
  // Three classes guaranteed: a digit and a symbol in the middle, letters around them.
  return `${out.slice(0, 9)}${(bytes[62]! % 8) + 2}${symbol}${out.slice(9)}`;
}
