import { TRINO_SECTIONS, type Publication, type PublicationDiff, type TrinoSection } from "@console/contracts";
import { canonicalExpression } from "./expression.js";

type Section = TrinoSection | "groups";

/** A rule as compared: its row filter and masks in their parsed form, so a spelling alone is no change. */
function comparable(section: Section, rule: unknown): string {
  if (section !== "tables" || !rule || typeof rule !== "object") return JSON.stringify(rule);
  const r = rule as { filter?: string; columns?: Array<{ mask?: string }> };
  return JSON.stringify({
    ...r,
    ...(r.filter ? { filter: canonicalExpression(r.filter, "filter") } : {}),
    ...(r.columns
      ? { columns: r.columns.map((c) => (c.mask ? { ...c, mask: canonicalExpression(c.mask, "mask") } : c)) }
      : {}),
  });
}

/** The lines each section of `b` adds to and removes from `a`'s, as each publication writes them. */
export function diffPublications(a: Publication, b: Publication): PublicationDiff["sections"] {
  const lines = (p: Publication, s: Section): Array<[key: string, line: string]> =>
    s === "groups"
      ? p.groupFile
          .split("\n")
          .filter(Boolean)
          .map((l) => [l, l])
      : (p.rules[s] ?? []).map((r) => [comparable(s, r), JSON.stringify(r)]);
  return (
    ([...TRINO_SECTIONS, "groups"] as const)
      .map((section) => {
        const x = lines(a, section);
        const y = lines(b, section);
        const xs = new Set(x.map(([k]) => k));
        const ys = new Set(y.map(([k]) => k));
        const distinct = (list: Array<[string, string]>, other: Set<string>) => [
          ...new Set(list.filter(([k]) => !other.has(k)).map(([, l]) => l)),
        ];
        return { section, added: distinct(y, xs), removed: distinct(x, ys), size: x.length + y.length };
      })
      // A section neither publication writes is left out (the first four always show).
      .filter((d, i) => i < 3 || d.section === "groups" || d.size > 0)
      .map(({ size: _size, ...d }) => d)
  );
}
