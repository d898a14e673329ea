import { describe, expect, it } from "vitest";
import { javaRegex } from "./java-regex.js";
import { javaReplaceAll } from "./java-replace.js";

/** What java.util.regex.Pattern.compile(p).matcher(s).matches() answers, construct by construct. */
const cases: Array<[pattern: string, name: string, matches: boolean]> = [
  // Whole-name matching: hr does not match hr2 nor xhr.
  ["hr", "hr", true],
  ["hr", "hr2", false],
  ["hr", "xhr", false],
  ["a|b", "a", true],
  ["a|b", "ab", false],
  ["(mysql|system)", "system", true],
  ["finance|human_resources", "human_resources", true],
  [".*", "", true],
  [".*", "anything at all", true],
  // Java's . stops at every line terminator, including U+0085 (JavaScript's does not).
  ["a.c", "abc", true],
  ["a.c", "a\nc", false],
  ["a.c", "a\u0085c", false],
  ["(?s)a.c", "a\u0085c", true],
  // Anchors add nothing to a whole match; $ still lets a final line terminator through when something consumes it.
  ["^alice$", "alice", true],
  ["^alice$", "alice\n", false],
  ["a$\\n", "a\n", true],
  // (?i) folds ASCII letters only, as Java does without UNICODE_CASE.
  ["(?i)admin", "ADMIN", true],
  ["(?i)admin", "aDmIn", true],
  ["(?i)é", "É", false],
  ["(?i)[a-c]x", "Bx", true],
  ["(?i:ab)c", "ABc", true],
  ["(?i:ab)c", "ABC", false],
  ["a(?i)b", "aB", true],
  ["a(?i)b", "AB", false],
  // \s, \d and \w are ASCII in Java.
  ["a\\sb", "a b", true],
  ["a\\sb", "a\u00a0b", false],
  ["\\d+", "123", true],
  ["\\d+", "١٢٣", false],
  ["\\w+", "user_1", true],
  ["\\w+", "ümlaut", false],
  ["[^\\s]+", "x\u00a0y", true],
  // Escapes and quoting.
  ["a\\.b", "a.b", true],
  ["a\\.b", "axb", false],
  ["\\Qa.b\\E", "a.b", true],
  ["\\Qa.b\\E", "axb", false],
  ["\\Qab\\E*", "abbb", true],
  ["\\x41\\u0042\\x{43}\\0104", "ABCD", true],
  ["\\t", "\t", true],
  // Character classes: ] first is literal, - at the ends is literal, negation.
  ["[]a]+", "]a]", true],
  ["[a-]+", "-a", true],
  ["[^a]", "b", true],
  ["[^a]", "a", false],
  ["(?i)[^a]", "A", false],
  // Quantifiers, lazy ones included.
  ["x{2,3}", "xxx", true],
  ["x{2,3}", "xxxx", false],
  ["x{2}", "xx", true],
  ["a+?b", "aab", true],
  ["team_(.*)", "team_backend", true],
  ["(?<team>t)eam", "team", true],
  ["a(?=b)b", "ab", true],
  // Code points, not UTF-16 units.
  [".", "😀", true],
  ["\\uD83D\\uDE00", "😀", true],
];

describe("Java regular expressions, matched against the whole name", () => {
  it.each(cases)("%j against %j is %s", (pattern, name, matches) => {
    const r = javaRegex(pattern);
    if (!r.ok) throw new Error(r.message);
    expect(r.test(name)).toBe(matches);
  });

  it.each(["cat0", "t_123", "with space", "a-b", "X"])(
    "reads the plain name %j as the full translation reads it",
    (name) => {
      const plain = javaRegex(name);
      // The same name in a group goes through the translator.
      const full = javaRegex(`(?:${name})`);
      if (!plain.ok || !full.ok) throw new Error("refused");
      expect(plain.literals).toEqual([name]);
      expect(plain.groups).toBe(0);
      for (const candidate of [name, `${name}x`, `x${name}`, name.toUpperCase(), name.toLowerCase(), "", "\n"]) {
        expect(plain.test(candidate)).toBe(full.test(candidate));
        expect(plain.regex.test(candidate)).toBe(full.regex.test(candidate));
      }
    },
  );

  it("keeps the exact names of plain patterns, for indexes", () => {
    const lit = (p: string) => {
      const r = javaRegex(p);
      return r.ok ? r.literals : "refused";
    };
    expect(lit("alice")).toEqual(["alice"]);
    expect(lit("a\\.b")).toEqual(["a.b"]);
    expect(lit("^(t1|t2)$")).toEqual(["t1", "t2"]);
    expect(lit("[.]x")).toEqual([".x"]);
    expect(lit("a.*")).toBeNull();
    expect(lit("(?i)a")).toBeNull();
    expect(lit("a^b")).toBeNull();
  });

  const invalid: Array<[string, RegExp]> = [
    ["{user}", /Illegal repetition/],
    ["a**", /Dangling meta character/],
    ["*a", /Dangling meta character/],
    ["(a", /Unclosed group/],
    ["a)", /Unmatched closing/],
    ["[a", /Unclosed character class/],
    ["[z-a]", /Illegal character range/],
    ["x{3,2}", /Illegal repetition range/],
    ["\\y", /Illegal\/unsupported escape/],
    ["(?q)", /Unknown inline modifier/],
    ["\\xZZ", /Illegal hexadecimal/],
  ];
  it.each(invalid)("refuses %j as Java does", (pattern, message) => {
    const r = javaRegex(pattern);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.unsupported).toBe(false);
      expect(r.message).toMatch(message);
    }
  });

  const unsupported = [
    "a*+",
    "(?>a)",
    "(a)\\1",
    "\\bword\\b",
    "\\p{L}",
    "[a-z&&[^e]]",
    "[a[b]]",
    "(?m)^a$",
    "(?x)a b",
    "(?<=a)b",
    "(?u)(?i)é",
    "\\R",
    "\\G",
  ];
  it.each(unsupported)("refuses %j, which JavaScript cannot reproduce exactly, rather than guess", (pattern) => {
    const r = javaRegex(pattern);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.unsupported).toBe(true);
  });
});

describe("Java's replacement strings", () => {
  it("substitutes groups as Matcher.replaceAll does", () => {
    expect(javaReplaceAll("([^/]+)(/.*)?@.*", "alice/admin@EXAMPLE.COM", "$1")).toBe("alice");
    expect(javaReplaceAll("(?<who>.+)@x", "bob@x", "${who}")).toBe("bob");
    expect(javaReplaceAll("(a)", "a", "\\$1")).toBe("$1");
    expect(() => javaReplaceAll("(a)", "a", "$2")).toThrow(RangeError);
    expect(() => javaReplaceAll("(a)", "a", "a$")).toThrow(/Illegal group reference/);
  });
});
