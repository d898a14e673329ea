import { compileSections, type Origin } from "./compiled.js";
import { Decider, type Identity, type Step } from "./decide.js";
import { EvaluationError } from "./identity-ops.js";
import type { AccessInput } from "./input.js";
import { Operations, type Answer } from "./operations.js";
import { problemsOf, type Problem } from "./problems.js";
import {
  TABLE_PRIVILEGES,
  TrinoRulesDocument,
  type CatalogAccessMode,
  type Section,
  type TablePrivilege,
} from "./schema.js";

/** A document Trino would load: its typed form and the JSON as written (for explanations). */
export interface ParsedRules {
  readonly document: TrinoRulesDocument;
  readonly source: unknown;
}

export function parseRules(doc: unknown): { ok: true; rules: ParsedRules } | { ok: false; problems: Problem[] } {
  const r = TrinoRulesDocument.safeParse(doc);
  if (!r.success) return { ok: false, problems: problemsOf(r.error) };
  return { ok: true, rules: Object.freeze({ document: r.data, source: JSON.parse(JSON.stringify(doc)) as unknown }) };
}

export type DecidedBy =
  | { section: Section; index: number; rule: unknown }
  | { section: Section; default: "absent" | "no rule matched" | "system catalog" | "not asked" };

export interface Explanation {
  result: Answer;
  decidedBy: DecidedBy[];
  reason: string;
}

export interface TableAccess {
  /** The access the first matching catalog rule gives. */
  catalogAccess: CatalogAccessMode;
  /** Its index in `catalogs`, or null (no rule, an absent section, or the system catalog's implicit rule). */
  catalogRule: number | null;
  /** The first matching table rule's index, or null. */
  tableRule: number | null;
  /** The privileges Trino grants on the table: the table rule's, bounded by the catalog access. */
  privileges: TablePrivilege[];
  /** The table rule's column constraints, by column name. */
  columns: Map<string, { allow: boolean; mask: string | null; maskEnvironment: { user: string } | null }>;
  filter: string | null;
  filterEnvironment: { user: string } | null;
  /** Listed by SHOW TABLES (FilterTables). */
  visible: boolean;
  /** Owner of the table's schema. */
  schemaOwner: boolean;
}

export interface Engine {
  readonly rules: ParsedRules;
  /** The decision for an input already validated (parseInput), as FileBasedSystemAccessControl makes it. */
  check(input: AccessInput): Answer;
  /** The same decision with the rules and defaults that made it. */
  explain(input: AccessInput): Explanation;
  /** What the console's screens show for one user on one table. */
  tableAccess(
    identity: { user: string; groups?: readonly string[]; enabledRoles?: readonly string[] },
    catalog: string,
    schema: string,
    table: string,
  ): TableAccess;
}

const failedAnswer = (input: AccessInput): Answer => {
  const op = input.action.operation;
  if (op === "GetRowFilters") return [];
  if (op === "GetColumnMask") return input.action.filterResources ? [] : null;
  return input.action.filterResources ? [] : false;
};

function ruleAt(source: unknown, section: Section, index: number): unknown {
  const list = (source as Record<string, unknown> | null)?.[section];
  return Array.isArray(list) ? list[index] : undefined;
}

/** Compiles the rules once into an immutable engine; every check looks only at rules that can match. */
export function compileEngine(rules: ParsedRules): Engine {
  const sections = compileSections(rules.document);
  const decider = new Decider(sections);
  const ops = new Operations(decider, sections);

  const decidedBy = (steps: Step[]): DecidedBy[] => {
    const out: DecidedBy[] = [];
    const seen = new Set<string>();
    for (const s of steps) {
      const o: Origin = s.origin;
      const key = `${s.section}\0${o.kind === "rule" ? o.index : o.default}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(
        o.kind === "rule"
          ? { section: s.section, index: o.index, rule: ruleAt(rules.source, s.section, o.index) }
          : { section: s.section, default: o.default },
      );
    }
    return out;
  };

  const engine: Engine = {
    rules,
    check(input) {
      try {
        return ops.decide(input, null);
      } catch (e) {
        if (e instanceof EvaluationError) return failedAnswer(input);
        throw e;
      }
    },
    explain(input) {
      const steps: Step[] = [];
      const op = input.action.operation;
      try {
        const result = ops.decide(input, steps);
        const verdict =
          typeof result === "boolean"
            ? `${op} is ${result ? "allowed" : "denied"}`
            : Array.isArray(result)
              ? `${op} answers ${JSON.stringify(result)}`
              : `${op} answers ${result === null ? "no mask" : JSON.stringify(result)}`;
        return {
          result,
          decidedBy: decidedBy(steps),
          reason: `${verdict}: ${[...new Set(steps.map((s) => s.text))].join("; ")}.`,
        };
      } catch (e) {
        if (!(e instanceof EvaluationError)) throw e;
        return {
          result: failedAnswer(input),
          decidedBy: decidedBy(steps),
          reason: `Trino fails the query: ${e.message}.`,
        };
      }
    },
    tableAccess(identity, catalog, schema, table) {
      const id: Identity = { user: identity.user, groups: identity.groups ?? [], roles: identity.enabledRoles ?? [] };
      const catalogSteps: Step[] = [];
      const catalogAccess = decider.catalogMode(id, catalog, catalogSteps);
      const catalogOrigin = catalogSteps[0]?.origin;
      const rule = decider.tableRule(id, catalog, schema, table, null);
      const privileges = TABLE_PRIVILEGES.filter((p) => decider.tablePermission(id, catalog, schema, table, p, null));
      const columns: TableAccess["columns"] = new Map();
      for (const [name, c] of rule?.columns ?? [])
        columns.set(name, {
          allow: c.allow,
          mask: c.mask,
          maskEnvironment: c.maskUser === null ? null : { user: c.maskUser },
        });
      const schemaOwner = decider.isSchemaOwner(id, catalog, schema, null);
      return {
        catalogAccess,
        catalogRule: catalogOrigin?.kind === "rule" ? catalogOrigin.index : null,
        tableRule: rule?.origin.kind === "rule" ? rule.origin.index : null,
        privileges,
        columns,
        filter: rule?.filter ?? null,
        filterEnvironment: rule?.filterUser ? { user: rule.filterUser } : null,
        visible: schemaOwner || decider.tablePermission(id, catalog, schema, table, "any", null),
        schemaOwner,
      };
    },
  };
  return Object.freeze(engine);
}
