/** Character sets of Java regular expressions as code point ranges, and the undoing of `\Q…\E` quoting. */

/** Code point ranges, sorted and merged. */
export type Ranges = Array<[number, number]>;

export const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x85, 0x85],
  [0x2028, 0x2029],
];
export const DIGIT: Ranges = [[0x30, 0x39]];
export const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
export const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
];
/** Java's `$` without MULTILINE: the end, or before a final line terminator. */
export const DOLLAR = "(?=(?:\\u{d}\\u{a}|[\\u{a}\\u{d}\\u{85}\\u{2028}-\\u{2029}])?$)";

export function normalize(r: Ranges): Ranges {
  const sorted = [...r].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function complement(r: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [a, b] of normalize(r)) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

/** Java's CASE_INSENSITIVE without UNICODE_CASE folds US-ASCII letters only. */
export function foldAscii(r: Ranges): Ranges {
  const out: Ranges = [...r];
  for (const [a, b] of r) {
    const up: [number, number] = [Math.max(a, 0x41), Math.min(b, 0x5a)];
    if (up[0] <= up[1]) out.push([up[0] + 32, up[1] + 32]);
    const low: [number, number] = [Math.max(a, 0x61), Math.min(b, 0x7a)];
    if (low[0] <= low[1]) out.push([low[0] - 32, low[1] - 32]);
  }
  return normalize(out);
}

export const esc = (cp: number) =>
  /[A-Za-z0-9_]/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : `\\u{${cp.toString(16)}}`;
export const emitClass = (r: Ranges) => `[${r.map(([a, b]) => (a === b ? esc(a) : `${esc(a)}-${esc(b)}`)).join("")}]`;

/** Java's RemoveQEQuoting: `\Q…\E` becomes its characters, each non-alphanumeric one escaped. */
export function removeQuoting(p: string): string {
  if (!p.includes("\\Q")) return p;
  let out = "";
  let i = 0;
  while (i < p.length) {
    const c = p[i]!;
    if (c === "\\" && p[i + 1] === "Q") {
      i += 2;
      const end = p.indexOf("\\E", i);
      const quoted = end < 0 ? p.slice(i) : p.slice(i, end);
      for (const ch of quoted) out += /[A-Za-z0-9]/.test(ch) || ch.codePointAt(0)! > 0x7f ? ch : `\\${ch}`;
      i = end < 0 ? p.length : end + 2;
    } else if (c === "\\") {
      out += p.slice(i, i + 2);
      i += 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
