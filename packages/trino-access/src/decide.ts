import type { Origin, RoutineR, Sections, TableR, Who } from "./compiled.js";
import type { Indexed, RuleIndex } from "./rule-index.js";
import type { CatalogAccessMode, Section, TablePrivilege } from "./schema.js";

/**
 * The decisions FileBasedSystemAccessControl builds every check from (its private methods
 * canAccessCatalog, checkAnyCatalogAccess, checkAnySchemaAccess, isSchemaOwner,
 * checkTablePermission, checkFunctionPermission...), each optionally writing what decided it.
 */

export interface Identity {
  user: string;
  groups: readonly string[];
  /** Enabled roles; the OPA input has none, so `role` patterns match only when roles are given. */
  roles: readonly string[];
  /** The authenticated principal, for the principal rules. */
  principal?: string;
}

export interface Step {
  section: Section;
  origin: Origin;
  text: string;
}
export type Trace = Step[] | null;

const NO_MATCH: Origin = Object.freeze({ kind: "default", default: "no rule matched" });
export const INFORMATION_SCHEMA = "information_schema";

export const matchesWho = (r: Who, id: Identity): boolean =>
  r.user.test(id.user, id.user) &&
  (r.role === null || id.roles.some((x) => r.role!.test(x, id.user))) &&
  (r.group === null || id.groups.some((x) => r.group!.test(x, id.user)));

/** CatalogAccessControlRule.AccessMode.implies: owner covers all, all covers read-only. */
export function implies(mode: CatalogAccessMode, required: CatalogAccessMode): boolean {
  if (mode === "owner") return required !== "none";
  if (mode === "all") return required === "all" || required === "read-only";
  return mode === required;
}

const ORIGIN_TEXT = (o: Origin) =>
  o.kind === "rule"
    ? `rule ${o.index}`
    : o.default === "absent"
      ? "the default of an absent section"
      : o.default === "system catalog"
        ? "the rule Trino adds for the system catalog"
        : "no rule matched";

export class Decider {
  constructor(readonly s: Sections) {}

  private first<R extends Indexed & { origin: Origin }>(
    section: Section,
    index: RuleIndex<R>,
    names: Parameters<RuleIndex<R>["first"]>[0],
    matches: (r: R) => boolean,
    trace: Trace,
    describe: (r: R | undefined) => string,
  ): R | undefined {
    const r = index.first(names, matches);
    trace?.push({
      section,
      origin: r ? r.origin : NO_MATCH,
      text: `${ORIGIN_TEXT(r ? r.origin : NO_MATCH)} of ${section}: ${describe(r)}`,
    });
    return r;
  }

  /** The access the first matching catalog rule gives ("none" when none matches). */
  catalogMode(id: Identity, catalog: string, trace: Trace): CatalogAccessMode {
    const r = this.first(
      "catalogs",
      this.s.catalogs,
      { catalog, user: id.user, groups: id.groups },
      (r) => matchesWho(r, id) && r.catalog.test(catalog, id.user),
      trace,
      (r) => (r ? `catalog ${catalog} is ${r.access}` : `catalog ${catalog} is denied`),
    );
    return r ? r.access : "none";
  }

  canAccessCatalog(id: Identity, catalog: string, required: CatalogAccessMode, trace: Trace): boolean {
    return implies(this.catalogMode(id, catalog, trace), required);
  }

  /** checkAnyCatalogAccess: owner, or read-only and some rule below the catalog could grant something. */
  catalogVisible(id: Identity, catalog: string, trace: Trace): boolean {
    const mode = this.catalogMode(id, catalog, trace);
    if (implies(mode, "owner")) return true;
    if (!implies(mode, "read-only")) return false;
    return this.anyRule(this.s.anyCatalog, { catalog, user: id.user, groups: id.groups }, id, trace, (r) =>
      r.catalog.test(catalog, id.user),
    );
  }

  /** checkAnySchemaAccess: read-only on the catalog and some rule could grant something in the schema. */
  schemaVisible(id: Identity, catalog: string, schema: string, trace: Trace): boolean {
    if (!this.canAccessCatalog(id, catalog, "read-only", trace)) return false;
    return this.anyRule(
      this.s.anySchema,
      { catalog, schema, user: id.user, groups: id.groups },
      id,
      trace,
      (r) => r.catalog.test(catalog, id.user) && r.schema.test(schema, id.user),
    );
  }

  private anyRule<R extends Indexed & Who & { source: { origin: Origin } }>(
    index: RuleIndex<R>,
    names: Parameters<RuleIndex<R>["some"]>[0],
    id: Identity,
    trace: Trace,
    where: (r: R) => boolean,
  ): boolean {
    if (!trace) return index.some(names, (r) => matchesWho(r, id) && where(r));
    let found: R | undefined;
    index.some(names, (r) => {
      if (matchesWho(r, id) && where(r)) found = r;
      return found !== undefined;
    });
    const section = found ? this.sectionOf(found.source) : "tables";
    trace.push({
      section,
      origin: found ? found.source.origin : NO_MATCH,
      text: found
        ? `${ORIGIN_TEXT(found.source.origin)} of ${section} could grant something below it`
        : "no schema, table, function, procedure or session property rule could grant anything below it",
    });
    return found !== undefined;
  }

  private sectionOf(r: object): Section {
    const s = this.s;
    if (s.schemas.rules.includes(r as never)) return "schemas";
    if (s.tables.rules.includes(r as never)) return "tables";
    if (s.catalogProperties.rules.includes(r as never)) return "catalog_session_properties";
    if (s.functions.rules.includes(r as never)) return "functions";
    return "procedures";
  }

  /** isSchemaOwner: all on the catalog and the first matching schema rule says owner. */
  isSchemaOwner(id: Identity, catalog: string, schema: string, trace: Trace): boolean {
    if (!this.canAccessCatalog(id, catalog, "all", trace)) return false;
    const r = this.first(
      "schemas",
      this.s.schemas,
      { catalog, schema, user: id.user, groups: id.groups },
      (r) => matchesWho(r, id) && r.catalog.test(catalog, id.user) && r.schema.test(schema, id.user),
      trace,
      (r) => (r?.owner ? `owner of ${catalog}.${schema}` : `not owner of ${catalog}.${schema}`),
    );
    return r?.owner ?? false;
  }

  /** The first matching table rule. */
  tableRule(id: Identity, catalog: string, schema: string, table: string, trace: Trace): TableR | undefined {
    return this.first(
      "tables",
      this.s.tables,
      { catalog, schema, table, user: id.user, groups: id.groups },
      (r) =>
        matchesWho(r, id) &&
        r.catalog.test(catalog, id.user) &&
        r.schema.test(schema, id.user) &&
        r.table.test(table, id.user),
      trace,
      (r) =>
        r
          ? `privileges ${[...r.privileges].join(", ") || "none"} on ${catalog}.${schema}.${table}`
          : `nothing on ${catalog}.${schema}.${table}`,
    );
  }

  /**
   * checkTablePermission: the catalog access the privilege needs (read-only for SELECT and
   * GRANT_SELECT, all for the rest; read-only for "any"), then information_schema is always
   * allowed, then the first matching table rule's privileges.
   */
  tablePermission(
    id: Identity,
    catalog: string,
    schema: string,
    table: string,
    required: TablePrivilege | "any",
    trace: Trace,
  ): boolean {
    const catalogNeed =
      required === "any" || required === "SELECT" || required === "GRANT_SELECT" ? "read-only" : "all";
    if (!this.canAccessCatalog(id, catalog, catalogNeed, trace)) return false;
    if (schema === INFORMATION_SCHEMA) {
      trace?.push({ section: "tables", origin: NO_MATCH, text: "information_schema is not governed by table rules" });
      return true;
    }
    const r = this.tableRule(id, catalog, schema, table, trace);
    if (!r) return false;
    return required === "any" ? r.privileges.size > 0 : r.privileges.has(required);
  }

  /** checkFunctionPermission / the procedure check: read-only on the catalog, then the first matching rule. */
  routine(
    section: "functions" | "procedures",
    id: Identity,
    catalog: string,
    schema: string,
    name: string,
    trace: Trace,
  ): RoutineR | undefined {
    if (!this.canAccessCatalog(id, catalog, "read-only", trace)) return undefined;
    const index = section === "functions" ? this.s.functions : this.s.procedures;
    return this.first(
      section,
      index,
      { catalog, schema, user: id.user, groups: id.groups },
      (r) =>
        matchesWho(r, id) &&
        r.catalog.test(catalog, id.user) &&
        r.schema.test(schema, id.user) &&
        r.name.test(name, id.user),
      trace,
      (r) =>
        r
          ? `${r.execute ? "may" : "may not"} execute ${catalog}.${schema}.${name}`
          : `nothing on ${catalog}.${schema}.${name}`,
    );
  }

  sessionProperty(id: Identity, catalog: string | null, property: string, trace: Trace): boolean {
    if (catalog === null) {
      const r = this.first(
        "system_session_properties",
        this.s.systemProperties,
        { user: id.user, groups: id.groups },
        (r) => matchesWho(r, id) && r.property.test(property, id.user),
        trace,
        (r) => (r?.allow ? `may set ${property}` : `may not set ${property}`),
      );
      return r?.allow ?? false;
    }
    if (!this.canAccessCatalog(id, catalog, "read-only", trace)) return false;
    const r = this.first(
      "catalog_session_properties",
      this.s.catalogProperties,
      { catalog, user: id.user, groups: id.groups },
      (r) => matchesWho(r, id) && r.catalog.test(catalog, id.user) && r.property.test(property, id.user),
      trace,
      (r) => (r?.allow ? `may set ${catalog}.${property}` : `may not set ${catalog}.${property}`),
    );
    return r?.allow ?? false;
  }

  step(trace: Trace, section: Section, origin: Origin, text: string): void {
    trace?.push({ section, origin, text });
  }
}
