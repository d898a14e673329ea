import { ANY, matcher, optionalMatcher, type Matcher } from "./pattern.js";
import { AnyIndex } from "./any-index.js";
import { RuleIndex, type Key } from "./rule-index.js";
import { Principal, type Who } from "./who.js";
import type { CatalogAccessMode, Section, TablePrivilege, TrinoRulesDocument } from "./schema.js";

/** Where a compiled rule comes from: the document's rule at an index, or a default Trino adds. */
export type Origin =
  | { kind: "rule"; index: number }
  | { kind: "default"; default: "absent" | "system catalog" | "no rule matched" | "not asked" };

export type { Who } from "./who.js";

interface Base extends Who {
  readonly order: number;
  readonly origin: Origin;
}

export interface CatalogR extends Base {
  catalog: Matcher;
  access: CatalogAccessMode;
}
export interface SchemaR extends Base {
  catalog: Matcher;
  schema: Matcher;
  owner: boolean;
}
export interface Column {
  allow: boolean;
  mask: string | null;
  maskUser: string | null;
}
export interface TableR extends Base {
  catalog: Matcher;
  schema: Matcher;
  table: Matcher;
  privileges: ReadonlySet<TablePrivilege>;
  restricted: ReadonlySet<string>;
  columns: ReadonlyMap<string, Column>;
  filter: string | null;
  filterUser: string | null;
}
export interface RoutineR extends Base {
  catalog: Matcher;
  schema: Matcher;
  name: Matcher;
  execute: boolean;
  grantExecute: boolean;
  ownership: boolean;
  any: boolean;
}
export interface PropertyR extends Base {
  catalog: Matcher;
  property: Matcher;
  allow: boolean;
}
export interface QueryR extends Base {
  owner: Matcher | null;
  allow: ReadonlySet<string>;
}
export interface SystemInfoR extends Base {
  allow: ReadonlySet<string>;
}
export interface ImpersonationR {
  readonly order: number;
  readonly origin: Origin;
  original: Matcher | null;
  originalRaw: string | undefined;
  role: Matcher | null;
  newUser: string;
  allow: boolean;
}
export interface PrincipalR {
  readonly order: number;
  readonly origin: Origin;
  principal: string;
  user: Matcher | null;
  toUser: string | null;
  allow: boolean;
}
export interface AuthorizationR {
  readonly order: number;
  readonly origin: Origin;
  user: Matcher;
  group: Matcher | null;
  role: Matcher | null;
  newUser: Matcher | null;
  newRole: Matcher | null;
  allow: boolean;
}

function who(r: { user?: string; role?: string; group?: string }): Who {
  const user = optionalMatcher(r.user);
  const role = r.role === undefined ? null : matcher(r.role);
  const group = r.group === undefined ? null : matcher(r.group);
  const exactUser = user.literals?.length === 1 && role === null && group === null ? user.literals[0]! : null;
  return { user, role, group, who: new Principal(user, role, group), exactUser };
}
const fromRule = (order: number): Origin => ({ kind: "rule", index: order });
const ABSENT: Origin = Object.freeze({ kind: "default", default: "absent" });
const EVERYONE: Who = { user: ANY, role: null, group: null, who: new Principal(ANY, null, null), exactUser: null };
const ALL_PRIVILEGES = new Set<TablePrivilege>(["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT"]);

function fieldOf(rule: object, key: Key): Matcher | null {
  const m = (rule as Record<string, unknown>)[key];
  return m && typeof m === "object" && "test" in m ? (m as Matcher) : null;
}
const index = <R extends Base>(rules: R[], keys: Key[]) => new RuleIndex(rules, keys, fieldOf);

function routines(
  list: NonNullable<TrinoRulesDocument["functions"]> | NonNullable<TrinoRulesDocument["procedures"]> | undefined,
  nameOf: (r: Record<string, unknown>) => string | undefined,
): RoutineR[] {
  // Absent: only system.builtin (CatalogFunctionAccessControlRule / CatalogProcedureAccessControlRule.ALLOW_BUILTIN).
  if (!list)
    return [
      {
        ...EVERYONE,
        order: 0,
        origin: ABSENT,
        catalog: matcher("system"),
        schema: matcher("builtin"),
        name: ANY,
        execute: true,
        grantExecute: true,
        ownership: false,
        any: true,
      },
    ];
  return list.map((r, order) => {
    const p = new Set<string>(r.privileges);
    return {
      ...who(r),
      order,
      origin: fromRule(order),
      catalog: optionalMatcher(r.catalog, true),
      schema: optionalMatcher(r.schema, true),
      name: optionalMatcher(nameOf(r as Record<string, unknown>)),
      execute: p.has("EXECUTE") || p.has("GRANT_EXECUTE"),
      grantExecute: p.has("GRANT_EXECUTE"),
      ownership: p.has("OWNERSHIP"),
      any: p.size > 0,
    };
  });
}

/** Every section compiled once: matchers, defaults as Trino's module sets them, and indexes. */
export function compileSections(doc: TrinoRulesDocument) {
  const catalogs: CatalogR[] = doc.catalogs
    ? [
        ...doc.catalogs.map((r, order) => ({
          ...who(r),
          order,
          origin: fromRule(order),
          catalog: optionalMatcher(r.catalog, true),
          access: r.allow,
        })),
        // FileBasedSystemAccessControlModule appends: every user may use the system catalog.
        {
          ...EVERYONE,
          order: doc.catalogs.length,
          origin: { kind: "default", default: "system catalog" },
          catalog: matcher("system"),
          access: "all" as const,
        },
      ]
    : [{ ...EVERYONE, order: 0, origin: ABSENT, catalog: ANY, access: "all" }];

  const schemas: SchemaR[] = doc.schemas
    ? doc.schemas.map((r, order) => ({
        ...who(r),
        order,
        origin: fromRule(order),
        catalog: optionalMatcher(r.catalog, true),
        schema: optionalMatcher(r.schema, true),
        owner: r.owner,
      }))
    : [{ ...EVERYONE, order: 0, origin: ABSENT, catalog: ANY, schema: ANY, owner: true }];

  const tables: TableR[] = doc.tables
    ? doc.tables.map((r, order) => {
        const columns = new Map<string, Column>();
        for (const c of r.columns ?? [])
          columns.set(c.name, {
            allow: c.allow ?? true,
            mask: c.mask ?? null,
            maskUser: c.mask_environment?.user ?? null,
          });
        return {
          ...who(r),
          order,
          origin: fromRule(order),
          catalog: optionalMatcher(r.catalog, true),
          schema: optionalMatcher(r.schema, true),
          table: optionalMatcher(r.table, true),
          privileges: new Set(r.privileges),
          restricted: new Set([...columns].filter(([, c]) => !c.allow).map(([n]) => n)),
          columns,
          filter: r.filter ?? null,
          filterUser: r.filter_environment?.user ?? null,
        };
      })
    : [
        {
          ...EVERYONE,
          order: 0,
          origin: ABSENT,
          catalog: ANY,
          schema: ANY,
          table: ANY,
          privileges: ALL_PRIVILEGES,
          restricted: new Set(),
          columns: new Map(),
          filter: null,
          filterUser: null,
        },
      ];

  const property = (list: TrinoRulesDocument["catalog_session_properties"]): PropertyR[] =>
    list
      ? list.map((r, order) => ({
          ...who(r),
          order,
          origin: fromRule(order),
          catalog: optionalMatcher(r.catalog, true),
          property: optionalMatcher(r.property),
          allow: r.allow,
        }))
      : [{ ...EVERYONE, order: 0, origin: ABSENT, catalog: ANY, property: ANY, allow: true }];

  const functions = routines(doc.functions, (r) => r.function as string | undefined);
  const procedures = routines(doc.procedures, (r) => r.procedure as string | undefined);
  const catalogProperties = property(doc.catalog_session_properties);
  const systemProperties = property(doc.system_session_properties);

  // Visibility: AnyCatalogPermissionsRule and AnyCatalogSchemaPermissionsRule, built from the
  // rules that grant something (with the defaults in place of absent sections).
  const anyCatalog = [
    ...schemas.filter((r) => r.owner),
    ...tables.filter((r) => r.privileges.size > 0),
    ...catalogProperties.filter((r) => r.allow),
    ...functions.filter((r) => r.any),
    ...procedures.filter((r) => r.any),
  ].map((r, order) => ({ ...r, order, source: r }));
  const anySchema = [
    ...schemas.filter((r) => r.owner),
    ...tables.filter((r) => r.privileges.size > 0),
    ...functions.filter((r) => r.any),
    ...procedures.filter((r) => r.any),
  ].map((r, order) => ({ ...r, order, source: r }));

  return {
    catalogs: index(catalogs, ["catalog", "user", "group"]),
    schemas: index(schemas, ["schema", "user", "catalog", "group"]),
    tables: index(tables, ["table", "user", "schema", "group", "catalog"]),
    functions: index(functions, ["user", "schema", "group", "catalog"]),
    procedures: index(procedures, ["user", "schema", "group", "catalog"]),
    catalogProperties: index(catalogProperties, ["user", "group", "catalog"]),
    systemProperties: index(systemProperties, ["user", "group"]),
    anyCatalog: new AnyIndex(anyCatalog, false),
    anySchema: new AnyIndex(anySchema, true),
    queries: doc.queries?.map((r, order): QueryR => ({
      ...who(r),
      order,
      origin: fromRule(order),
      owner: r.queryOwner === undefined ? null : matcher(r.queryOwner),
      allow: new Set(r.allow),
    })),
    systemInformation: (doc.system_information ?? []).map((r, order): SystemInfoR => ({
      ...who({ user: r.user, role: r.role }),
      order,
      origin: fromRule(order),
      allow: new Set(r.allow),
    })),
    impersonation: doc.impersonation?.map((r, order): ImpersonationR => ({
      order,
      origin: fromRule(order),
      original: r.original_user === undefined ? null : matcher(r.original_user),
      originalRaw: r.original_user,
      role: r.original_role === undefined ? null : matcher(r.original_role),
      newUser: r.new_user,
      allow: r.allow,
    })),
    principals: doc.principals?.map((r, order): PrincipalR => ({
      order,
      origin: fromRule(order),
      principal: r.principal,
      user: r.user === undefined ? null : matcher(r.user),
      toUser: r.principal_to_user ?? null,
      allow: r.allow,
    })),
    authorization: (doc.authorization ?? []).map((r, order): AuthorizationR => ({
      order,
      origin: fromRule(order),
      user: optionalMatcher(r.original_user),
      group: r.original_group === undefined ? null : matcher(r.original_group),
      role: r.original_role === undefined ? null : matcher(r.original_role),
      newUser: r.new_user === undefined ? null : matcher(r.new_user),
      newRole: r.new_role === undefined ? null : matcher(r.new_role),
      allow: r.allow,
    })),
  };
}

export type Sections = ReturnType<typeof compileSections>;
export type SectionName = Section;
