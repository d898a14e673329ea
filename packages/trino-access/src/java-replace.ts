import { javaRegex } from "./java-regex.js";

/** Java's Pattern.quote. */
export function javaQuote(s: string): string {
  return s.includes("\\E") ? `\\Q${s.replaceAll("\\E", "\\E\\\\E\\Q")}\\E` : `\\Q${s}\\E`;
}

/**
 * Java's Matcher.appendReplacement after a whole match: `$n`, `${name}` and `\x` in the
 * replacement. Throws as Java does: a missing group is an IndexOutOfBoundsException (Trino turns
 * it into "refers to a capturing group that does not exist"), a bad reference an IllegalArgument.
 */
export function javaReplacement(match: RegExpExecArray, groups: number, replacement: string): string {
  let out = "";
  for (let k = 0; k < replacement.length; k++) {
    const c = replacement[k]!;
    if (c === "\\") {
      k++;
      if (k >= replacement.length) throw new Error("character to be escaped is missing");
      out += replacement[k];
    } else if (c === "$") {
      k++;
      if (replacement[k] === "{") {
        const end = replacement.indexOf("}", k);
        const name = end < 0 ? "" : replacement.slice(k + 1, end);
        if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(name)) throw new Error("named capturing group is missing trailing '}'");
        if (!match.groups || !(name in match.groups)) throw new Error(`No group with name {${name}}`);
        out += match.groups[name] ?? "";
        k = end;
        continue;
      }
      const d = replacement[k];
      if (d === undefined || !/[0-9]/.test(d)) throw new Error("Illegal group reference");
      let ref = Number(d);
      while (k + 1 < replacement.length && /[0-9]/.test(replacement[k + 1]!)) {
        const next = ref * 10 + Number(replacement[k + 1]);
        if (next > groups) break;
        ref = next;
        k++;
      }
      if (ref > groups) throw new RangeError(`No group ${ref}`);
      out += match[ref] ?? "";
    } else out += c;
  }
  return out;
}

/** Java's Matcher.replaceAll: every match of the pattern in `input` replaced (Java's replacement syntax). */
export function javaReplaceAll(pattern: string, input: string, replacement: string): string {
  const r = javaRegex(pattern);
  if (!r.ok) throw new Error(r.message);
  const global = new RegExp(r.source, "gu");
  return input.replace(global, (...args: unknown[]) => {
    const last = args[args.length - 1];
    const named = typeof last === "object" && last !== null ? (last as Record<string, string>) : undefined;
    const groups = args.slice(0, r.groups + 1) as string[];
    const match = Object.assign(groups, { groups: named, index: 0, input }) as unknown as RegExpExecArray;
    return javaReplacement(match, r.groups, replacement);
  });
}
