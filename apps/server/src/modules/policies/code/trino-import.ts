import {
  DocumentPolicy,
  SECTION_OF_KIND,
  type PolicyImportPlan,
  type RuleKind,
  type TrinoSection,
} from "@console/contracts";
import type { Queryable } from "../../../platform/db/index.js";
import { compilePolicies, type CompilePolicy } from "../compile.js";
import { rulesProblems } from "../engines.js";
import * as store from "../store.js";
import type { Candidate } from "./plan.js";
import { differences, universeOf, type Identity } from "./trino-equivalence.js";
import { readTrinoFile, ruleName, type FileRule } from "./trino-file.js";

/** The console's defaults that equal Trino's own when their section is absent (they publish nothing). */
const SAME_AS_TRINO: readonly TrinoSection[] = [
  "system_session_properties",
  "catalog_session_properties",
  "functions",
  "procedures",
];
const STUCK = "converting it would change what Trino decides";
const ROUNDS = 20;

export interface TrinoImport {
  candidates: Candidate[];
  notes: PolicyImportPlan["notes"];
  problems: Array<{ path: string; message: string }>;
  /** The console's own default policies the import turns on or off, so that the file decides alone. */
  systemStates: Array<{ id: number; name: string; state: "enabled" | "disabled" }>;
}

const valueOf = (r: FileRule) => r.converted ?? { category: "trinoRule", access: { section: r.section, rule: r.rule } };

/**
 * Plans the import of a hand-written Trino rules file: each rule becomes a policy (of its kind
 * when the forms say it exactly, else kept verbatim in its place), and the console's defaults
 * step aside wherever the file decides, or leaves Trino's default. The rules engine then asks
 * the file and what Sync would publish from these policies every question of a generated
 * universe; a converted rule on which they differ is kept verbatim instead, until none differ.
 */
export async function planTrinoImport(q: Queryable, doc: Record<string, unknown>): Promise<TrinoImport> {
  const problems = rulesProblems(doc).map((p) => ({ path: p.path, message: p.message }));
  if (problems.length > 0) return { candidates: [], notes: [], problems, systemStates: [] };
  const [principals, members, rows] = await Promise.all([
    store.principals(q),
    store.groupMembers(q),
    store.allPolicies(q),
  ]);
  const dir = { users: new Set(principals.users), groups: new Set(principals.groups) };
  const rules = readTrinoFile(doc, dir);

  // The defaults stay only where the file leaves Trino's default and the console's is the same.
  const present = new Set(Object.keys(doc));
  const systemStates = rows
    .filter((r) => r.system_policy && r.state !== "deleted")
    .map((r) => {
      const section = SECTION_OF_KIND[r.category as RuleKind];
      const keep = section !== undefined && !present.has(section) && SAME_AS_TRINO.includes(section);
      return { id: r.id, name: r.policy_name, state: keep ? ("enabled" as const) : ("disabled" as const), row: r };
    });
  const defaults: CompilePolicy[] = systemStates
    .filter((s) => s.state === "enabled")
    .map((s) => ({
      ...s.row.body,
      id: s.id,
      priority: s.row.priority,
      policyName: s.name,
      category: s.row.category,
      system: true,
    }));

  const users: Identity[] = principals.users.map((u) => ({
    user: u,
    groups: [...members].filter(([, m]) => m.includes(u)).map(([g]) => g),
  }));
  const universe = universeOf(doc, users);
  // Candidate ids are their positions (1-based); the defaults keep theirs, far above.
  const compileAll = () =>
    compilePolicies(
      [
        ...defaults,
        ...rules.map((r, i) => ({
          ...DocumentPolicy.parse({ ...valueOf(r), policyName: `rule ${i + 1}`, priority: i + 1 }),
          id: -(i + 1),
        })),
      ],
      members,
    );
  const byOrigin = new Map(rules.map((r, i) => [`${r.section}\u0000${r.index}`, i]));
  let stuck: string | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    const compiled = compileAll();
    const { differ } = differences(doc, compiled.rules, universe, 50);
    if (differ.length === 0) break;
    let demoted = 0;
    for (const d of differ) {
      const at = (by: typeof d.decidedAfter, own: boolean) => {
        for (const x of by) {
          if (!("index" in x)) continue;
          const ids = own
            ? [byOrigin.get(`${x.section}\u0000${x.index}`)]
            : (compiled.sources[x.section]?.[x.index] ?? []).map((id) => -id - 1);
          for (const i of ids)
            if (i !== undefined && i >= 0 && rules[i]?.converted) {
              rules[i]!.converted = null;
              rules[i]!.why = STUCK;
              demoted++;
            }
        }
      };
      at(d.decidedBefore, true);
      at(d.decidedAfter, false);
    }
    if (demoted === 0) {
      const d = differ[0]!;
      stuck = `${d.input.action.operation} by ${d.input.context.identity.user}: the file decides ${JSON.stringify(d.before)}, the import ${JSON.stringify(d.after)}`;
      break;
    }
  }
  if (stuck) problems.push({ path: "document", message: `the import would not decide as the file does: ${stuck}` });

  const candidates: Candidate[] = rules.map((r, i) => ({
    path: `${r.section}.${r.index}`,
    value: { ...valueOf(r), policyName: ruleName(r.section, r.index, r.rule), priority: i + 1 },
  }));
  const notes: PolicyImportPlan["notes"] = rules
    .filter((r) => r.why)
    .map((r) => ({
      source: `${r.section}.${r.index}`,
      policies: [ruleName(r.section, r.index, r.rule)],
      messages: [`kept verbatim, in its place: ${r.why}`],
    }));
  const off = systemStates.filter((s) => s.state === "disabled").map((s) => s.name);
  if (off.length > 0)
    notes.push({
      source: "the console's defaults",
      policies: off,
      messages: ["turned off: the file decides these sections itself, or leaves them to Trino's default"],
    });
  return {
    candidates,
    notes,
    problems,
    systemStates: systemStates.map(({ id, name, state }) => ({ id, name, state })),
  };
}
