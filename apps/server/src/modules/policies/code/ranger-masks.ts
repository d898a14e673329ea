import { ALL, type ColumnMask } from "@console/contracts";
import {
  covers,
  globMatches,
  maskOf,
  mayOverlap,
  nonEmpty,
  valuesOverlap,
  type Grant,
  type Principals,
  type RangerItem,
  type RangerPolicy,
  type Scope,
} from "./ranger-input.js";

/** Column types by table then column, or null when Trino cannot say. */
export type ColumnTypes = (
  catalog: string,
  schema: string,
  tables: string[],
) => Promise<Map<string, Map<string, string>> | null>;

/** The mask or row-filter items of one Ranger policy, on the resources it names. */
export interface ItemRule {
  src: number;
  kind: "mask" | "filter";
  scope: Scope;
  items: Array<{ k: number; who: Principals; value: RangerItem }>;
}
type Reached = { rule: ItemRule; k: number; value: RangerItem };

const whoOf = (p: Principals) =>
  [...p.users, ...p.groups.map((g) => (g === ALL ? "public" : `group ${g}`))].join(", ") || "nobody";
const itemName = (r: ItemRule, k: number) => `${r.kind === "mask" ? "mask" : "row filter"} item ${k + 1}`;

/**
 * A mask or row-filter policy of Ranger whose items go into console policies: whether it is
 * taken at all (a disabled one is not, as Ranger does not apply it), and what of its life the
 * console cannot keep (a mask or filter has no access period of its own: it applies always).
 */
export function restrictionLife(p: RangerPolicy, kind: "mask" | "filter", note: (m: string) => void): boolean {
  const what = kind === "mask" ? "its masks" : "its row filters";
  if (p.isEnabled === false) {
    note(`the policy is disabled in Ranger, which applies none of ${what}: not imported`);
    return false;
  }
  const schedules = p.validitySchedules ?? [];
  if (schedules.length > 0) {
    const when = schedules
      .map((s) => `${s.startTime ?? "always"} to ${s.endTime ?? "ever"}${s.timeZone ? ` ${s.timeZone}` : ""}`)
      .join("; ");
    const recurs = schedules.some((s) => nonEmpty(s.recurrences)) ? " with recurrences" : "";
    note(
      `the validity schedule (${when}${recurs}) has no counterpart for a ${kind === "mask" ? "mask" : "row filter"}: ${what} apply always, also outside it`,
    );
  }
  if (nonEmpty(p.conditions)) note(`policy conditions have no console counterpart: ${what} apply unconditionally`);
  return true;
}

/**
 * Accounts for every mask and row-filter item: the console policies that carry it, or why none
 * does, each noted under the Ranger policy the item belongs to (never under the grant's).
 */
export class ItemLedger {
  private readonly accounted = new Set<string>();
  constructor(
    private readonly rules: ItemRule[],
    private readonly noteOn: (src: number, message: string) => void,
    private readonly policyOn: (src: number, name: string) => void,
  ) {}

  /** Notes once per Ranger policy, for the items given (all of the rule's when none are). */
  explain(reached: Array<{ rule: ItemRule; k?: number }>, message: string): void {
    const srcs = new Set<number>();
    for (const r of reached) {
      for (const i of r.rule.items) if (r.k === undefined || r.k === i.k) this.accounted.add(`${r.rule.src}:${i.k}`);
      if (!srcs.has(r.rule.src)) this.noteOn(r.rule.src, message);
      srcs.add(r.rule.src);
    }
  }

  /** The items reached are carried by console policy `name`. */
  carried(reached: Reached[], name: string): void {
    const named = new Set<number>();
    for (const r of reached) {
      this.accounted.add(`${r.rule.src}:${r.k}`);
      if (!named.has(r.rule.src)) this.policyOn(r.rule.src, name);
      named.add(r.rule.src);
    }
  }

  /** Every item no access of the export reached: nothing of Ranger's is left without a word. */
  finish(): void {
    for (const r of this.rules)
      for (const i of r.items)
        if (!this.accounted.has(`${r.src}:${i.k}`))
          this.noteOn(
            r.src,
            `${itemName(r, i.k)} (for ${whoOf(i.who)}) reaches no access imported from this export: there is nothing for it to ${r.kind === "mask" ? "mask" : "filter"}, so it is not imported`,
          );
  }
}

/** The items of these rules that may reach some of this grant's users. */
export const itemsFor = (g: Grant, rules: ItemRule[]) =>
  rules.flatMap((rule) => rule.items.filter((i) => mayOverlap(i.who, g.who)).map((i) => ({ rule, k: i.k })));

/** Whether a rule's resources take in this grant's tables and some of its users. */
export const onGrant = (g: Grant) => (r: ItemRule) =>
  valuesOverlap([g.catalog], r.scope.catalogs) &&
  valuesOverlap([g.schema], r.scope.schemas) &&
  valuesOverlap(g.tables, r.scope.tables) &&
  r.items.some((i) => mayOverlap(i.who, g.who));

/**
 * The masks and row filter one grant's users meet on one table, as Ranger picks them (its first
 * matching item per column and per table), stricter where the grant's users are not all alike.
 * Null when Trino says the table does not exist: there is nothing to mask or filter then.
 */
export async function tableRestrictions(
  g: Grant,
  gName: string,
  at: { schema: string; table: string },
  rules: { masks: ItemRule[]; filters: ItemRule[] },
  columnTypes: ColumnTypes | undefined,
  ledger: ItemLedger,
): Promise<{ columnDetails: ColumnMask[]; filter: string; reached: Reached[] } | null> {
  const { schema, table } = at;
  const here = (r: ItemRule) =>
    valuesOverlap([g.catalog], r.scope.catalogs) &&
    valuesOverlap([schema], r.scope.schemas) &&
    valuesOverlap([table], r.scope.tables);
  const masks = rules.masks.filter(here);
  const filters = rules.filters.filter(here);
  const qualified = `${g.catalog}.${schema}.${table}`;
  const answered = await columnTypes?.(g.catalog, schema, [table]);
  const types = answered ? (answered.get(table) ?? new Map<string, string>()) : null;
  if (types && types.size === 0) {
    ledger.explain(
      itemsFor(g, [...masks, ...filters]),
      `Trino has no table ${qualified}: nothing there to mask or filter for the users of ${gName}, so not imported (import again once it exists)`,
    );
    return null;
  }
  const reached: Reached[] = [];
  /** Items that may reach this grant's users, up to the first that surely reaches all of them. */
  const reaching = (list: ItemRule[], what: string, column?: string): Reached[] => {
    const out: Reached[] = [];
    for (const r of list)
      if (column === undefined || r.scope.columns.some((c) => globMatches(c, column)))
        for (const i of r.items) {
          if (!mayOverlap(i.who, g.who)) continue;
          out.push({ rule: r, k: i.k, value: i.value });
          if (covers(i.who, g.who)) return out;
        }
    if (out.length > 0)
      ledger.explain(
        out,
        `${what} of ${schema}.${table}${column ? `.${column}` : ""} applies to every user of ${gName}, though Ranger's items name only some of them`,
      );
    return out;
  };

  const columnDetails: ColumnMask[] = [];
  for (const column of [...new Set(masks.flatMap((r) => r.scope.columns))]) {
    const items = reaching(masks, "the mask", column);
    if (items.length === 0) continue;
    const dataType = types?.get(column) ?? null;
    if (types && dataType === null) {
      ledger.explain(
        items,
        `Trino's ${qualified} has no column ${column}: nothing to mask for the users of ${gName}, so not imported`,
      );
      continue;
    }
    reached.push(...items);
    const chosen = new Map<string, ColumnMask>();
    const shown: Reached[] = [];
    for (const item of items) {
      const m = maskOf(item.value, table, column, dataType ?? "varchar");
      if (m) chosen.set(`${m.type}:${m.mask}`, m);
      else shown.push(item);
    }
    if (chosen.size === 0) continue;
    if (!dataType)
      ledger.explain(
        items,
        `the type of ${schema}.${table}.${column} is unknown (Trino did not answer): varchar assumed`,
      );
    for (const s of shown)
      ledger.explain(
        [s],
        `${itemName(s.rule, s.k)} (MASK_NONE) shows ${schema}.${table}.${column} unmasked to ${whoOf(principals(s))}, but the users of ${gName} also meet a mask of a later item: it was imported for all of them, these included`,
      );
    if (chosen.size > 1)
      ledger.explain(
        items,
        `${schema}.${table}.${column}: the users of ${gName} may meet different Ranger masks; the strictest (null) was imported`,
      );
    columnDetails.push(
      chosen.size === 1
        ? [...chosen.values()][0]!
        : {
            table,
            name: column,
            columnDataType: dataType ?? "varchar",
            type: "predefine",
            mask: "nullify",
            conditions: [],
          },
    );
  }
  const filterItems = reaching(filters, "the row filter");
  reached.push(...filterItems);
  const exprs = [...new Set(filterItems.map((i) => i.value.rowFilterInfo?.filterExpr?.trim() ?? "").filter(Boolean))];
  if (exprs.length > 1)
    ledger.explain(
      filterItems,
      `${schema}.${table}: the users of ${gName} may meet several Ranger row filters; all of them apply (AND)`,
    );
  return {
    columnDetails,
    filter: exprs.length === 1 ? exprs[0]! : exprs.map((e) => `(${e})`).join(" AND "),
    reached,
  };
}

function principals(r: Reached): Principals {
  return r.rule.items.find((i) => i.k === r.k)!.who;
}
