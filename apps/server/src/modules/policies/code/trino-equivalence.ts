import type { TrinoRules } from "@console/contracts";
import { javaRegex, javaReplacement, type AccessInput, type DecidedBy } from "@console/trino-access";
import { engineOf, type RulesObject } from "../engines.js";

/** Who the checks ask as: a user and the groups Trino's group provider gives them. */
export interface Identity {
  user: string;
  groups: string[];
  enabledRoles?: string[];
}

/** Where two sets of rules decide differently, and the rules that decided on each side. */
export interface Difference {
  input: AccessInput;
  before: unknown;
  after: unknown;
  decidedBefore: DecidedBy[];
  decidedAfter: DecidedBy[];
}

/** The plain names a pattern (or alternatives of plain names) spells, to ask about them. */
function namesIn(p: unknown): string[] {
  if (typeof p !== "string") return [];
  return p
    .split("|")
    .filter((x) => /^(?:[^\\^$.*+?()[\]{}|]|\\[\\^$.*+?()[\]{}|-])+$/.test(x))
    .map((x) => x.replace(/\\(.)/g, "$1"));
}

/**
 * The identities and resources worth asking about for a rules file: every console user (with
 * their groups), every user, group and role the file names and someone nobody names; every
 * catalog, schema, table, column, property, function and procedure it names and one it does not.
 */
export function universeOf(doc: Record<string, unknown>, users: Identity[]) {
  const sets = {
    user: new Set<string>(),
    group: new Set<string>(),
    role: new Set<string>(),
    catalog: new Set<string>(["hive", "system"]),
    schema: new Set<string>(["default"]),
    table: new Set<string>(["t"]),
    column: new Set<string>(["c"]),
    property: new Set<string>(["p"]),
    routine: new Set<string>(["f"]),
  };
  const keys: Record<string, keyof typeof sets> = {
    user: "user",
    original_user: "user",
    new_user: "user",
    queryOwner: "user",
    group: "group",
    original_group: "group",
    role: "role",
    original_role: "role",
    new_role: "role",
    catalog: "catalog",
    schema: "schema",
    table: "table",
    property: "property",
    function: "routine",
    procedure: "routine",
  };
  for (const list of Object.values(doc))
    if (Array.isArray(list))
      for (const r of list as Array<Record<string, unknown>>) {
        for (const [k, set] of Object.entries(keys)) for (const n of namesIn(r?.[k])) sets[set].add(n);
        for (const c of Array.isArray(r?.columns) ? (r.columns as Array<{ name?: unknown }>) : [])
          if (typeof c?.name === "string") sets.column.add(c.name);
      }
  // Impersonation rules that substitute ($1) reach the users their pattern makes of each name.
  const names = [...users.map((u) => u.user), ...sets.user];
  for (const r of Array.isArray(doc.impersonation) ? (doc.impersonation as Array<Record<string, unknown>>) : []) {
    if (typeof r.original_user !== "string" || typeof r.new_user !== "string" || !r.new_user.includes("$")) continue;
    const re = javaRegex(r.original_user);
    if (!re.ok) continue;
    for (const n of names) {
      const m = re.regex.exec(n);
      if (!m) continue;
      try {
        sets.user.add(javaReplacement(m, re.groups, r.new_user));
      } catch {
        // A reference to a group the pattern lacks: the engine refuses it on both sides alike.
      }
    }
  }
  const identities: Identity[] = [...users];
  const known = new Set(users.map((u) => u.user));
  for (const u of sets.user) if (!known.has(u)) identities.push({ user: u, groups: [] });
  for (const g of sets.group) identities.push({ user: `nobody-in-${g}`, groups: [g] });
  for (const r of sets.role) identities.push({ user: "nobody-with-role", groups: [], enabledRoles: [r] });
  identities.push({ user: "nobody-at-all", groups: [] });
  return { identities, ...Object.fromEntries(Object.entries(sets).map(([k, v]) => [k, [...v]])) } as {
    identities: Identity[];
  } & Record<keyof typeof sets, string[]>;
}

/** Every question asked of both sets of rules, for one identity. */
function* inputsFor(u: ReturnType<typeof universeOf>, who: Identity): Generator<AccessInput> {
  const context = { identity: who };
  const ask = (operation: string, resource?: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({ context, action: { operation, ...(resource ? { resource } : {}), ...extra } }) as AccessInput;
  yield ask("ExecuteQuery");
  yield ask("ReadSystemInformation");
  yield ask("WriteSystemInformation");
  // Every user the file names (or makes by substitution), some of the others, and a stranger.
  const others = new Set([...u.user, ...u.identities.slice(0, 20).map((i) => i.user), "nobody-at-all"]);
  for (const other of others) {
    yield ask("ImpersonateUser", { user: { user: other } });
    yield ask("ViewQueryOwnedBy", { user: { user: other } });
    yield ask("KillQueryOwnedBy", { user: { user: other } });
  }
  for (const p of u.property) yield ask("SetSystemSessionProperty", { systemSessionProperty: { name: p } });
  for (const catalog of u.catalog) {
    yield ask("AccessCatalog", { catalog: { name: catalog } });
    yield ask("ShowSchemas", { catalog: { name: catalog } });
    for (const p of u.property)
      yield ask("SetCatalogSessionProperty", { catalogSessionProperty: { catalogName: catalog, propertyName: p } });
    for (const schema of u.schema) {
      const s = { catalogName: catalog, schemaName: schema };
      yield ask("ShowTables", { schema: s });
      yield ask("CreateSchema", { schema: s });
      for (const f of u.routine) {
        const fn = { function: { ...s, functionName: f } };
        yield ask("ExecuteFunction", fn);
        yield ask("CreateFunction", fn);
        yield ask("ExecuteProcedure", fn);
      }
      for (const table of u.table) {
        const tb = { ...s, tableName: table };
        yield ask("SelectFromColumns", { table: { ...tb, columns: [] } });
        yield ask("SelectFromColumns", { table: { ...tb, columns: u.column } });
        for (const op of ["InsertIntoTable", "DeleteFromTable", "DropTable", "ShowColumns", "GetRowFilters"])
          yield ask(op, { table: tb });
        yield ask("UpdateTableColumns", { table: { ...tb, columns: u.column } });
        yield ask("FilterTables", undefined, { filterResources: [{ table: tb }] });
        for (const name of u.role.length ? [...u.user.slice(0, 3), ...u.role.slice(0, 3)] : u.user.slice(0, 3))
          yield ask(
            "SetTableAuthorization",
            { table: tb },
            {
              grantee: { type: u.role.includes(name) ? "ROLE" : "USER", name },
            },
          );
        for (const column of u.column)
          yield ask("GetColumnMask", { column: { ...tb, columnName: column, columnType: "varchar" } });
      }
    }
  }
}

/**
 * Asks both sets of rules every question of the universe and returns where they decide
 * differently (at most `limit`), with the rules that decided on each side.
 */
export function differences(
  file: RulesObject,
  published: TrinoRules,
  universe: ReturnType<typeof universeOf>,
  limit = 200,
): { asked: number; differ: Difference[] } {
  const a = engineOf(file);
  const b = engineOf(published);
  const differ: Difference[] = [];
  let asked = 0;
  for (const who of universe.identities)
    for (const input of inputsFor(universe, who)) {
      asked++;
      const x = a.check(input);
      const y = b.check(input);
      if (JSON.stringify(x) === JSON.stringify(y)) continue;
      differ.push({
        input,
        before: x,
        after: y,
        decidedBefore: a.explain(input).decidedBy,
        decidedAfter: b.explain(input).decidedBy,
      });
      if (differ.length >= limit) return { asked, differ };
    }
  return { asked, differ };
}
