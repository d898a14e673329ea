import { ALL, POLICY_LIMITS, type PolicyImportPlan } from "@console/contracts";
import type { Candidate } from "./plan.js";
import {
  applyRestrictions,
  deniedOf,
  type Grant,
  type Restriction,
  type Scope,
  globMatches,
  hasWildcard,
  isEmpty,
  nonEmpty,
  principalsOf,
  privilegesOf,
  rangerTime,
  type RangerItem,
  type RangerPolicy,
} from "./ranger-input.js";
import {
  ItemLedger,
  itemsFor,
  onGrant,
  restrictionLife,
  tableRestrictions,
  type ColumnTypes,
  type ItemRule,
} from "./ranger-masks.js";
import { mapRulesPolicy, RULE_RESOURCES, type RuleCandidate } from "./ranger-rules.js";

export type { ColumnTypes } from "./ranger-masks.js";

const SERVICES = ["trino", "presto", "hive"];
const RESOURCE_KEYS: Record<string, string[]> = {
  trino: ["catalog", "schema", "table", "column"],
  presto: ["catalog", "schema", "table", "column"],
  hive: ["database", "table", "column"],
};

/**
 * Maps Ranger's policy export (Trino, Presto or Hive services) to console policies. Whatever the
 * console cannot express exactly is noted per Ranger policy and imported stricter (privileges
 * removed, stricter masks, filters combined with AND, disabled) or not at all; never wider.
 */
export async function mapRanger(
  doc: { policies: unknown[] },
  opts: { hiveCatalog: string; columnTypes?: ColumnTypes },
): Promise<{ candidates: Candidate[]; notes: PolicyImportPlan["notes"] }> {
  const policies = doc.policies as RangerPolicy[];
  const notes = policies.map((p, i) => ({
    source: `policies.${i} (${p?.name ?? "unnamed"})`,
    policies: [] as string[],
    messages: [] as string[],
  }));
  const grants: Grant[] = [];
  const restrictions: Restriction[] = [];
  const masks: ItemRule[] = [];
  const filters: ItemRule[] = [];
  const ruleDenies: RuleCandidate[] = [];
  const ruleAllows: RuleCandidate[] = [];

  policies.forEach((p, src) => {
    const messages = new Set<string>();
    const note = (m: string) => messages.add(m);
    if (p === null || typeof p !== "object" || Array.isArray(p)) {
      notes[src]!.messages.push("not a Ranger policy object: not imported");
      return;
    }
    const service = (p.serviceType ?? (p.resources?.database ? "hive" : "trino")).toLowerCase();
    const keys = Object.keys(p.resources ?? {});
    const rules = service === "trino" && keys.some((k) => (RULE_RESOURCES as readonly string[]).includes(k));
    if (service === "tag" || keys.includes("tag"))
      note("tag-based policies are refused: the console has no tag service of Ranger's kind");
    else if (!SERVICES.includes(service)) note(`service type ${service} is refused: only Trino, Presto and Hive map`);
    else if (rules && (p.policyType ?? 0) !== 0) note("masking and row-filter policies name tables only: not imported");
    else if (rules) {
      const { state, period } = lifeOf(p, note);
      const mapped = mapRulesPolicy(p, src, state, period, note);
      ruleDenies.push(...mapped.denies);
      ruleAllows.push(...mapped.allows);
    } else if (keys.some((k) => !RESOURCE_KEYS[service]!.includes(k)))
      note(
        `resources ${keys.filter((k) => !RESOURCE_KEYS[service]!.includes(k)).join(", ")} have no console counterpart: not imported`,
      );
    else if (nonEmpty(p.additionalResources)) note("additional resources are refused: not imported");
    else mapOne(p, src, service, note);
    notes[src]!.messages.push(...messages);
  });

  function mapOne(p: RangerPolicy, src: number, service: string, note: (m: string) => void) {
    const res = p.resources ?? {};
    const excluded = Object.entries(res).filter(([, r]) => r.isExcludes);
    const values = (k: string) => res[k]?.values ?? (k === "column" ? ["*"] : []);
    const scope: Scope =
      service === "hive"
        ? {
            catalogs: [opts.hiveCatalog],
            schemas: values("database"),
            tables: values("table"),
            columns: values("column"),
          }
        : {
            catalogs: values("catalog"),
            schemas: values("schema"),
            tables: values("table"),
            columns: values("column"),
          };
    /** Restrictions and masks hold at least as widely: an excluded list is taken as everything. */
    const wide: Scope = { ...scope };
    for (const [k] of excluded) wide[k === "database" ? "schemas" : (`${k}s` as keyof Scope)] = ["*"];
    if (!res.schema && !res.database) wide.schemas = ["*"];
    if (!res.table) wide.tables = ["*"];
    const type = p.policyType ?? 0;

    if (p.zoneName) note(`security zone ${p.zoneName} has no console counterpart; the policy's resources are kept`);
    const withItems = (list: RangerItem[] | undefined, label: string) =>
      (list ?? []).map((item, k) => {
        if (nonEmpty(item.conditions)) note(`${label} conditions have no console counterpart: applied unconditionally`);
        return { k, who: principalsOf(item, note), value: item };
      });

    if (type === 1 || type === 2) {
      const kind = type === 1 ? "mask" : "filter";
      if (!restrictionLife(p, kind, note)) return;
      const items = withItems(type === 1 ? p.dataMaskPolicyItems : p.rowFilterPolicyItems, `${kind} item`);
      return void (type === 1 ? masks : filters).push({ src, kind, scope: wide, items });
    }
    const { state, period } = lifeOf(p, note);

    for (const [k, item] of (p.denyPolicyItems ?? []).entries()) {
      if (nonEmpty(item.conditions)) note("deny conditions have no console counterpart: the deny applies always");
      restrictions.push({
        src,
        label: `deny item ${k + 1}`,
        scope: wide,
        who: principalsOf(item, note),
        privileges: deniedOf(service, item),
        why: `Ranger policy ${p.name} denies it`,
      });
    }
    if (nonEmpty(p.denyExceptions)) note("deny exceptions have no console counterpart: the deny applies to them too");
    for (const [k, item] of (p.allowExceptions ?? []).entries()) {
      if (nonEmpty(item.conditions))
        note("allow exception conditions have no console counterpart: the exception applies always");
      restrictions.push({
        src,
        label: `allow exception ${k + 1}`,
        only: src,
        scope: wide,
        who: principalsOf(item, note),
        privileges: deniedOf(service, item),
        why: `an allow exception of Ranger policy ${p.name} takes it away`,
      });
    }
    const allowed = (p.policyItems ?? []).map((i) => principalsOf(i, () => undefined));
    if (p.isDenyAllElse)
      restrictions.push({
        src,
        label: "deny all else",
        scope: wide,
        who: { users: [], groups: [ALL] },
        except: { users: allowed.flatMap((a) => a.users), groups: allowed.flatMap((a) => a.groups) },
        privileges: "all",
        why: `Ranger policy ${p.name} denies everyone it does not list`,
      });
    if (p.policyPriority === 1)
      note("override priority has no console counterpart: denies of other policies still apply");

    if (excluded.length > 0)
      return note(
        `excluded resource values (isExcludes on ${excluded.map(([k]) => k).join(", ")}) cannot be granted exactly: no access imported`,
      );
    if (!res.table)
      return note(
        "rights on catalogs or schemas themselves (use, create, drop, show) have no console counterpart: not imported",
      );
    if (!scope.columns.includes("*"))
      return note("access limited to some columns cannot be granted exactly: not imported");
    const exact = (list: string[], what: string) => {
      if (list.includes("*")) return ["*"];
      const wild = list.filter(hasWildcard);
      if (wild.length) note(`${what} ${wild.join(", ")} with wildcards are left out: the console names them exactly`);
      return list.filter((v) => !hasWildcard(v));
    };
    (p.policyItems ?? []).forEach((item, k) => {
      if (nonEmpty(item.conditions))
        return note(`allow item ${k + 1} has conditions, which the console cannot check: not imported`);
      if (item.delegateAdmin) note("delegate admin has no console counterpart and was left out");
      const privileges = privilegesOf(service, item, note);
      const who = principalsOf(item, note);
      if (isEmpty(who) || privileges.size === 0) return;
      const tables = exact(scope.tables, "tables");
      for (const catalog of exact(scope.catalogs, "catalogs")) {
        if (catalog === "*") {
          note("every catalog (*) cannot be granted: console policies name their catalog");
          continue;
        }
        for (const schema of exact(scope.schemas, "schemas")) {
          if (schema === "*" && !tables.includes("*")) {
            note("tables in every schema cannot be granted by name: not imported");
            continue;
          }
          if (tables.length === 0) continue;
          grants.push({
            src,
            name: p.name ?? `ranger ${p.id ?? src}`,
            catalog,
            schema,
            tables,
            privileges: new Set(privileges),
            who,
            state,
            period,
          });
        }
      }
    });
  }

  applyRestrictions(grants, restrictions, (src, m) => notes[src]!.messages.push(m));

  const candidates: Candidate[] = [];
  const taken = new Set<string>();
  const unique = (base: string) => {
    for (let i = 1; ; i++) {
      const suffix = i === 1 ? "" : ` ${i}`;
      const name = base.slice(0, POLICY_LIMITS.name - suffix.length).trimEnd() + suffix;
      if (!taken.has(name.toLowerCase())) {
        taken.add(name.toLowerCase());
        return name;
      }
    }
  };
  const emit = (g: Grant, name: string, body: Record<string, unknown>) => {
    notes[g.src]!.policies.push(name);
    candidates.push({
      path: `${notes[g.src]!.source} → ${name}`,
      value: {
        policyName: name,
        state: g.state,
        catalogName: g.catalog,
        assignToUsers: g.who.users,
        assignToGroups: g.who.groups,
        tnc: g.period,
        ...body,
      },
    });
  };

  // Ranger decides a deny before any allow: the denies come first, so they get the earlier priorities.
  for (const c of [...ruleDenies, ...ruleAllows]) {
    const name = unique(c.name);
    notes[c.src]!.policies.push(name);
    candidates.push({ path: `${notes[c.src]!.source} → ${name}`, value: { policyName: name, ...c.value } });
  }

  const ledger = new ItemLedger(
    [...masks, ...filters],
    (src, m) => void (notes[src]!.messages.includes(m) || notes[src]!.messages.push(m)),
    (src, name) => void (notes[src]!.policies.includes(name) || notes[src]!.policies.push(name)),
  );
  for (const g of grants) {
    const note = (m: string) => notes[g.src]!.messages.push(m);
    const rules = [...masks.filter(onGrant(g)), ...filters.filter(onGrant(g))];
    const access = `${g.catalog}.${g.schema}.${g.tables.join("|")}`;
    if (g.privileges.size === 0) {
      ledger.explain(
        itemsFor(g, rules),
        `a deny took all access of ${g.name} to ${access} (noted under ${g.name}): nothing of it left to restrict, so not imported for its users`,
      );
      continue;
    }
    // The tables masks and filters reach under this grant must be named: a wildcard under a wildcard cannot be.
    const pairs = new Map<string, [string, string]>();
    let blind = false;
    for (const r of rules) {
      if (r.kind === "mask" && r.scope.columns.some(hasWildcard)) blind = true;
      const schemas = g.schema === "*" ? r.scope.schemas : [g.schema];
      if (schemas.some(hasWildcard)) blind = true;
      const tables = g.tables.includes("*")
        ? r.scope.tables
        : g.tables.filter((t) => r.scope.tables.some((x) => globMatches(x, t)));
      if (tables.some(hasWildcard)) blind = true;
      for (const s of schemas)
        for (const t of tables) if (!hasWildcard(s) && !hasWildcard(t)) pairs.set(`${s}.${t}`, [s, t]);
    }
    if (blind) {
      note(
        `access to ${access} not imported: a Ranger mask or row filter reaches it through wildcards the console cannot name`,
      );
      ledger.explain(
        itemsFor(g, rules),
        `it reaches the access of ${g.name} to ${access} through wildcards the console cannot name: that access was not imported`,
      );
      continue;
    }
    const privileges = [...g.privileges];
    const gName = unique(g.name);
    if (g.schema === "*") {
      if (!g.privileges.has("SELECT")) {
        note(
          `${privileges.join(", ")} on every table of ${g.catalog} cannot be granted: catalog policies give read-only or all`,
        );
        continue;
      }
      if (privileges.length > 1)
        note(`only read access on every table of ${g.catalog} was imported (catalog policy, read-only)`);
      emit(g, gName, { category: "catalog", config: { allow: "read-only", owner: false } });
    } else
      emit(g, gName, {
        category: "tables",
        schemaName: [g.schema],
        tables: g.tables.map((t) => (t === "*" ? ALL : t)),
        tablePrivileges: privileges,
      });

    for (const [schema, table] of pairs.values()) {
      const found = await tableRestrictions(g, gName, { schema, table }, { masks, filters }, opts.columnTypes, ledger);
      if (!found) continue;
      if (found.columnDetails.length === 0 && !found.filter) {
        // Only MASK_NONE items reached: the grant's own policy shows the columns as they are.
        ledger.carried(found.reached, gName);
        continue;
      }
      const name = unique(`${g.name} ${table}`);
      emit(g, name, {
        category: "tables",
        schemaName: [schema],
        tables: [table],
        // A catalog-wide grant was imported read-only: so is its table's.
        tablePrivileges: g.schema === "*" ? ["SELECT"] : privileges,
        columnDetails: found.columnDetails,
        customRowFilter: found.filter,
      });
      ledger.carried(found.reached, name);
    }
  }
  ledger.finish();
  return { candidates, notes: notes.filter((n) => n.messages.length > 0 || n.policies.length > 0) };
}

/** Whether a Ranger policy is imported enabled, and its access period (one schedule without recurrences). */
function lifeOf(p: RangerPolicy, note: (m: string) => void): { state: Grant["state"]; period: Grant["period"] } {
  let state: Grant["state"] = p.isEnabled === false ? "disabled" : "enabled";
  let period: Grant["period"] = { startDate: null, endDate: null };
  const schedules = p.validitySchedules ?? [];
  if (nonEmpty(p.conditions)) {
    state = "disabled";
    note("policy conditions have no console counterpart: imported disabled");
  }
  if (schedules.length > 1 || schedules.some((s) => nonEmpty(s.recurrences))) {
    state = "disabled";
    note("several validity schedules or recurrences have no console counterpart: imported disabled");
  } else if (schedules.length === 1) {
    try {
      period = {
        startDate: rangerTime(schedules[0]!.startTime, schedules[0]!.timeZone),
        endDate: rangerTime(schedules[0]!.endTime, schedules[0]!.timeZone),
      };
    } catch (err) {
      state = "disabled";
      note(`the validity schedule cannot be read (${(err as Error).message}): imported disabled`);
    }
  }
  return { state, period };
}
