import { javaRegex } from "./java-regex.js";
import { javaQuote } from "./java-replace.js";

/** A rule field's pattern, matched against the whole name. */
export interface Matcher {
  readonly raw: string;
  /** The names it matches exactly when it is a plain name or an alternation of names (for indexes). */
  readonly literals: readonly string[] | null;
  test(value: string, user: string): boolean;
}

/** UserSubstitutingPattern's placeholder (catalog, schema and table fields). */
export const USER_PLACEHOLDER = "{user}";

/** Why a pattern cannot be used, or null. `user` tells whether `{user}` is substituted in this field. */
export function patternProblem(raw: string, user: boolean): string | null {
  // Trino validates a placeholder pattern by compiling it for the user name "user".
  const r = javaRegex(user && raw.includes(USER_PLACEHOLDER) ? substitute(raw, "user") : raw);
  if (r.ok) return null;
  return r.unsupported
    ? `is a Java regular expression this engine cannot reproduce exactly: ${r.message}`
    : `is not a valid Java regular expression: ${r.message}`;
}

const substitute = (raw: string, user: string) => raw.replaceAll(USER_PLACEHOLDER, javaQuote(user));

/** A compiled pattern; the document was validated first, so every pattern here translates. */
export function matcher(raw: string, user = false): Matcher {
  if (user && raw.includes(USER_PLACEHOLDER)) {
    // Compiled per user on first use, as Trino's UserSubstitutingPatternProvider does.
    const byUser = new Map<string, (s: string) => boolean>();
    return {
      raw,
      literals: null,
      test(value, name) {
        let t = byUser.get(name);
        if (!t) {
          if (byUser.size >= 1000) byUser.clear();
          const r = javaRegex(substitute(raw, name));
          t = r.ok ? r.test : () => false;
          byUser.set(name, t);
        }
        return t(value);
      },
    };
  }
  const r = javaRegex(raw);
  if (!r.ok) throw new Error(`pattern ${JSON.stringify(raw)} ${r.message}`);
  return { raw, literals: r.literals, test: r.test };
}

/** An absent pattern: Trino's Optional.empty() matches everything. */
export const ANY: Matcher = { raw: ".*", literals: null, test: () => true };

export const optionalMatcher = (raw: string | undefined, user = false): Matcher =>
  raw === undefined ? ANY : matcher(raw, user);
