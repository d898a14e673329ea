/**
 * Java regular expressions (java.util.regex.Pattern, as Trino's rules use them) translated to
 * JavaScript, matched against the whole name as Trino's `matcher(name).matches()` does.
 *
 * Translation goes construct by construct so that what matches in Java matches here and nothing
 * else: `.` and `$` keep Java's line terminators, `\s` stays ASCII, `(?i)` is ASCII-only case
 * folding (Java's default without UNICODE_CASE), `\Q…\E` quoting is undone first as Java's
 * RemoveQEQuoting does. A construct whose meaning differs and cannot be rewritten exactly
 * (possessive and atomic groups, back-references, word boundaries, \p classes, nested classes,
 * multiline or comments mode, look-behind) is refused, never approximated.
 */

import {
  complement,
  DIGIT,
  DOLLAR,
  emitClass,
  esc,
  foldAscii,
  LINE_TERMINATORS,
  normalize,
  removeQuoting,
  SPACE,
  WORD,
  type Ranges,
} from "./java-charset.js";

export type JavaRegex =
  | {
      ok: true;
      /** Whole-name match. */
      test: (s: string) => boolean;
      /** The exact names matched, when the pattern is a plain name or an alternation of names. */
      literals: readonly string[] | null;
      /** The JavaScript regular expression (anchored, flag `u`). */
      regex: RegExp;
      /** The unanchored translation, for Java's find-based replaceAll. */
      source: string;
      groups: number;
    }
  | { ok: false; message: string; unsupported: boolean };

class RegexError extends Error {
  constructor(
    message: string,
    readonly unsupported: boolean,
  ) {
    super(message);
  }
}

const MAX_LITERALS = 256;

interface Node {
  js: string;
  lits: string[] | null;
  /** A zero-width assertion (anchor or look-around): Java and JavaScript disagree on quantifying them. */
  assertion?: boolean;
}

const cross = (a: string[] | null, b: string[] | null): string[] | null => {
  if (!a || !b || a.length * b.length > MAX_LITERALS) return null;
  const out: string[] = [];
  for (const x of a) for (const y of b) out.push(x + y);
  return out;
};

class Translator {
  private pos = 0;
  groups = 0;
  private names = new Set<string>();
  private i = false;
  private s = false;

  constructor(private readonly p: string) {}

  private fail(message: string): never {
    throw new RegexError(`${message} near index ${this.pos}`, false);
  }

  private unsupported(message: string): never {
    throw new RegexError(message, true);
  }

  private peek(offset = 0): string | undefined {
    return this.p[this.pos + offset];
  }

  run(): Node {
    const node = this.disjunction(true);
    if (this.pos < this.p.length) this.fail("Unmatched closing ')'");
    return node;
  }

  private disjunction(top: boolean): Node {
    const branches = [this.branch(top)];
    while (this.peek() === "|") {
      this.pos++;
      branches.push(this.branch(top));
    }
    let lits: string[] | null = [];
    for (const b of branches) lits = b.lits && lits ? [...lits, ...b.lits] : null;
    if (lits && lits.length > MAX_LITERALS) lits = null;
    return { js: branches.map((b) => b.js).join("|"), lits: lits ? [...new Set(lits)] : null };
  }

  private branch(top: boolean): Node {
    let js = "";
    let lits: string[] | null = [""];
    let first = true;
    while (this.pos < this.p.length && this.peek() !== "|" && this.peek() !== ")") {
      const atom = this.atom(top, first);
      first = false;
      const q = this.quantifier();
      if (q) {
        if (atom.assertion) this.unsupported("a quantifier on an anchor or look-around");
        js += `(?:${atom.js})${q}`;
        lits = null;
      } else {
        js += atom.js;
        lits = cross(lits, atom.lits);
      }
    }
    return { js, lits };
  }

  private quantifier(): string | null {
    const c = this.peek();
    let q: string;
    if (c === "*" || c === "+" || c === "?") {
      this.pos++;
      q = c;
    } else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.p.slice(this.pos));
      if (!m) this.fail("Illegal repetition");
      const lo = Number(m[1]);
      const hi = m[3] === undefined || m[3] === "" ? null : Number(m[3]);
      if (hi !== null && hi < lo) this.fail("Illegal repetition range");
      this.pos += m[0].length;
      q = m[2] === undefined ? `{${lo}}` : `{${lo},${hi ?? ""}}`;
    } else return null;
    if (this.peek() === "?") {
      this.pos++;
      q += "?";
    } else if (this.peek() === "+") this.unsupported("possessive quantifiers");
    return q;
  }

  private literal(cp: number): Node {
    const ch = String.fromCodePoint(cp);
    if (this.i && /[A-Za-z]/.test(ch)) return { js: emitClass(foldAscii([[cp, cp]])), lits: null };
    return { js: esc(cp), lits: [ch] };
  }

  private set(r: Ranges): Node {
    const ranges = this.i ? foldAscii(r) : normalize(r);
    const single = ranges.length === 1 && ranges[0]![0] === ranges[0]![1];
    return { js: emitClass(ranges), lits: single ? [String.fromCodePoint(ranges[0]![0])] : null };
  }

  private atom(top: boolean, first: boolean): Node {
    const cp = this.p.codePointAt(this.pos)!;
    const c = String.fromCodePoint(cp);
    if (c === "(") return this.group();
    if (c === "[") {
      this.pos++;
      return this.set(this.characterClass());
    }
    this.pos += c.length;
    switch (c) {
      case ".":
        return { js: this.s ? "[\\s\\S]" : emitClass(complement(LINE_TERMINATORS)), lits: null };
      case "^":
        // Whole-name matching starts at the name's start: a leading ^ adds nothing.
        return { js: "^", lits: top && first ? [""] : null, assertion: true };
      case "$": {
        const last = this.pos >= this.p.length || this.peek() === "|";
        return { js: DOLLAR, lits: top && last ? [""] : null, assertion: true };
      }
      case "\\":
        return this.escape();
      case "*":
      case "+":
      case "?":
        this.pos--;
        this.fail(`Dangling meta character '${c}'`);
        break;
      case "{":
        this.pos--;
        this.fail("Illegal repetition");
    }
    return this.literal(cp);
  }

  private group(): Node {
    this.pos++;
    const saved = { i: this.i, s: this.s };
    let open = "(";
    let lookaround = false;
    if (this.peek() === "?") {
      this.pos++;
      const k = this.peek();
      if (k === ":") {
        open = "(?:";
        this.pos++;
      } else if (k === "=" || k === "!") {
        open = `(?${k}`;
        lookaround = true;
        this.pos++;
      } else if (k === "<" && (this.peek(1) === "=" || this.peek(1) === "!")) {
        this.unsupported("look-behind groups");
      } else if (k === "<") {
        const m = /^<([a-zA-Z][a-zA-Z0-9]*)>/.exec(this.p.slice(this.pos));
        if (!m) this.fail("named capturing group is missing trailing '>'");
        if (this.names.has(m[1]!)) this.fail(`Named capturing group <${m[1]}> is already defined`);
        this.names.add(m[1]!);
        this.groups++;
        open = `(?<${m[1]}>`;
        this.pos += m[0].length;
      } else if (k === ">") {
        this.unsupported("atomic groups");
      } else {
        const scoped = this.flags();
        if (!scoped) return { js: "", lits: [""] };
        open = "(?:";
      }
    } else this.groups++;
    const inner = this.disjunction(false);
    if (this.peek() !== ")") this.fail("Unclosed group");
    this.pos++;
    this.i = saved.i;
    this.s = saved.s;
    return { js: `${open}${inner.js})`, lits: lookaround ? null : inner.lits, assertion: lookaround };
  }

  /** Inline flags `(?is-s)` or `(?i:…)`; true when they open a scoped group. */
  private flags(): boolean {
    let on = true;
    for (;;) {
      const f = this.peek();
      this.pos++;
      if (f === ")") return false;
      if (f === ":") return true;
      if (f === "-") on = false;
      else if (f === "i") this.i = on;
      else if (f === "s") this.s = on;
      else if (f === "d" || f === "m" || f === "u" || f === "x" || f === "U" || f === "c") {
        if (on) this.unsupported(`the inline flag (?${f})`);
      } else {
        this.pos--;
        this.fail("Unknown inline modifier");
      }
    }
  }

  private characterClass(): Ranges {
    let negate = false;
    if (this.peek() === "^") {
      negate = true;
      this.pos++;
    }
    const ranges: Ranges = [];
    let first = true;
    for (;;) {
      if (this.pos >= this.p.length) this.fail("Unclosed character class");
      const c = this.peek();
      if (c === "]" && !first) {
        this.pos++;
        break;
      }
      first = false;
      if (c === "[") this.unsupported("nested character classes");
      if (c === "&" && this.peek(1) === "&") this.unsupported("character class intersections");
      const lo = this.classAtom();
      if (typeof lo !== "number") {
        ranges.push(...lo);
        continue;
      }
      if (this.peek() === "-" && this.peek(1) !== "]" && this.pos + 1 < this.p.length) {
        this.pos++;
        const hi = this.classAtom();
        if (typeof hi !== "number" || hi < lo) this.fail("Illegal character range");
        ranges.push([lo, hi]);
      } else ranges.push([lo, lo]);
    }
    const folded = this.i ? foldAscii(ranges) : normalize(ranges);
    return negate ? complement(folded) : folded;
  }

  private classAtom(): number | Ranges {
    const cp = this.p.codePointAt(this.pos)!;
    this.pos += String.fromCodePoint(cp).length;
    if (cp !== 0x5c) return cp;
    return this.escapeValue(true) as number | Ranges;
  }

  private escape(): Node {
    const v = this.escapeValue(false);
    if (typeof v === "number") return this.literal(v);
    if (v === "^" || v === "$" || v === DOLLAR) return { js: v, lits: null, assertion: true };
    if (typeof v === "string") return { js: v, lits: null };
    return this.set(v);
  }

  /** After a backslash: a code point, a set, or (outside classes) an anchor's JavaScript. */
  private escapeValue(inClass: boolean): number | Ranges | string {
    const c = this.peek();
    if (c === undefined) this.fail("Unexpected internal error");
    this.pos++;
    const hex = (n: number) => {
      const h = this.p.slice(this.pos, this.pos + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(h)) this.fail("Illegal hexadecimal escape sequence");
      this.pos += n;
      return parseInt(h, 16);
    };
    switch (c) {
      case "t":
        return 0x09;
      case "n":
        return 0x0a;
      case "r":
        return 0x0d;
      case "f":
        return 0x0c;
      case "a":
        return 0x07;
      case "e":
        return 0x1b;
      case "c": {
        const x = this.p.codePointAt(this.pos);
        if (x === undefined) this.fail("Illegal control escape sequence");
        this.pos += String.fromCodePoint(x).length;
        return x ^ 64;
      }
      case "0": {
        const m = /^([0-3][0-7]{2}|[0-7]{1,2})/.exec(this.p.slice(this.pos));
        if (!m) this.fail("Illegal octal escape sequence");
        this.pos += m[0].length;
        return parseInt(m[0], 8);
      }
      case "x": {
        if (this.peek() !== "{") return hex(2);
        const m = /^\{([0-9a-fA-F]+)\}/.exec(this.p.slice(this.pos));
        if (!m || parseInt(m[1]!, 16) > 0x10ffff) this.fail("Illegal hexadecimal escape sequence");
        this.pos += m[0].length;
        return parseInt(m[1]!, 16);
      }
      case "u": {
        const high = hex(4);
        if (high >= 0xd800 && high <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(this.p.slice(this.pos))) {
          this.pos += 2;
          return 0x10000 + ((high - 0xd800) << 10) + (hex(4) - 0xdc00);
        }
        return high;
      }
      case "d":
        return DIGIT;
      case "D":
        return complement(DIGIT);
      case "w":
        return WORD;
      case "W":
        return complement(WORD);
      case "s":
        return SPACE;
      case "S":
        return complement(SPACE);
    }
    if (!inClass) {
      if (c === "A") return "^";
      if (c === "z") return "$";
      if (c === "Z") return DOLLAR;
    }
    if (/[1-9]/.test(c) || c === "k") this.unsupported("back-references");
    if ("bBGRXhHvVpPN".includes(c)) this.unsupported(`the escape \\${c}`);
    if (/[A-Za-z]/.test(c)) this.fail("Illegal/unsupported escape sequence");
    this.pos--;
    const cp = this.p.codePointAt(this.pos)!;
    this.pos += String.fromCodePoint(cp).length;
    return cp;
  }
}

const memo = new Map<string, JavaRegex>();

/** Translates a Java pattern; the same pattern gives the same (immutable) answer, so it is kept. */
export function javaRegex(pattern: string): JavaRegex {
  let r = memo.get(pattern);
  if (!r) {
    // A pure memo: bounded so that a long-lived process reading many documents does not grow.
    if (memo.size >= 20_000) memo.clear();
    r = translate(pattern);
    memo.set(pattern, r);
  }
  return r;
}

/** Characters that mean themselves anywhere outside a class, in Java and in JavaScript alike. */
const PLAIN = /^[A-Za-z0-9_ -]+$/;

function translate(pattern: string): JavaRegex {
  // A plain name (most patterns a console publishes): its own literal, no translation to run.
  if (PLAIN.test(pattern)) {
    const literals = Object.freeze([pattern]);
    return {
      ok: true,
      test: (s) => s === pattern,
      literals,
      regex: new RegExp(`^(?:${pattern})$`, "u"),
      source: pattern,
      groups: 0,
    };
  }
  try {
    const t = new Translator(removeQuoting(pattern));
    const node = t.run();
    const regex = new RegExp(`^(?:${node.js})$`, "u");
    const literals = node.lits ? Object.freeze(node.lits) : null;
    let test: (s: string) => boolean;
    if (literals && literals.length === 1) {
      const only = literals[0]!;
      test = (s) => s === only;
    } else if (literals) {
      const set = new Set(literals);
      test = (s) => set.has(s);
    } else test = (s) => regex.test(s);
    return { ok: true, test, literals, regex, source: node.js, groups: t.groups };
  } catch (e) {
    if (e instanceof RegexError) return { ok: false, message: e.message, unsupported: e.unsupported };
    return { ok: false, message: `cannot be reproduced exactly (${(e as Error).message})`, unsupported: true };
  }
}
