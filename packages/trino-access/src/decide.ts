import type { Origin, RoutineR, Sections, TableR } from "./compiled.js";
import type { Identity } from "./who.js";
import type { Indexed, RuleIndex } from "./rule-index.js";
import type { CatalogAccessMode, Section, TablePrivilege } from "./schema.js";

/**
 * The decisions FileBasedSystemAccessControl builds every check from (its private methods
 * canAccessCatalog, checkAnyCatalogAccess, checkAnySchemaAccess, isSchemaOwner,
 * checkTablePermission, checkFunctionPermission...), each optionally writing what decided it.
 */

export type { Identity } from "./who.js";

export interface Step {
  section: Section;
  origin: Origin;
  text: string;
}
export type Trace = Step[] | null;

const NO_MATCH: Origin = Object.freeze({ kind: "default", default: "no rule matched" });
export const INFORMATION_SCHEMA = "information_schema";

/** CatalogAccessControlRule.AccessMode.implies: owner covers all, all covers read-only. */
export function implies(mode: CatalogAccessMode, required: CatalogAccessMode): boolean {
  if (mode === "owner") return required !== "none";
  if (mode === "all") return required === "all" || required === "read-only";
  return mode === required;
}

const ORIGIN_TEXT = (o: Origin) =>
  o.kind === "rule"
    ? `rule ${o.index + 1}`
    : o.default === "absent"
      ? "the default of an absent section"
      : o.default === "system catalog"
        ? "the rule Trino adds for the system catalog"
        : "no rule matched";

export class Decider {
  /** Catalog access for the identity of the decision under way: a batch asks it once per catalog. */
  private cachedFor: Identity | null = null;
  private readonly catalogCache = new Map<string, CatalogAccessMode>();

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
    if (trace === null) {
      // Identities are made per decision, so a cache for another object is stale.
      if (this.cachedFor !== id) {
        this.cachedFor = id;
        this.catalogCache.clear();
      }
      const known = this.catalogCache.get(catalog);
      if (known !== undefined) return known;
      const mode = this.catalogRule(id, catalog, null);
      this.catalogCache.set(catalog, mode);
      return mode;
    }
    return this.catalogRule(id, catalog, trace);
  }

  private catalogRule(id: Identity, catalog: string, trace: Trace): CatalogAccessMode {
    const r = this.first(
      "catalogs",
      this.s.catalogs,
      { catalog, user: id.user, groups: id.groups },
      (r) => (r.exactUser === null ? r.who.matches(id) : r.exactUser === id.user) && r.catalog.test(catalog, id.user),
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
    return this.anyRule(trace, this.s.anyCatalog.find(id, catalog, ""));
  }

  /** checkAnySchemaAccess: read-only on the catalog and some rule could grant something in the schema. */
  schemaVisible(id: Identity, catalog: string, schema: string, trace: Trace): boolean {
    if (!this.canAccessCatalog(id, catalog, "read-only", trace)) return false;
    return this.anyRule(trace, this.s.anySchema.find(id, catalog, schema));
  }

  private anyRule(trace: Trace, found: { source: { origin: Origin } } | undefined): boolean {
    if (trace) {
      const section = found ? this.sectionOf(found.source) : "tables";
      trace.push({
        section,
        origin: found ? found.source.origin : NO_MATCH,
        text: found
          ? `${ORIGIN_TEXT(found.source.origin)} of ${section} could grant something below it`
          : "no schema, table, function, procedure or session property rule could grant anything below it",
      });
    }
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
      (r) =>
        (r.exactUser === null ? r.who.matches(id) : r.exactUser === id.user) &&
        r.catalog.test(catalog, id.user) &&
        r.schema.test(schema, id.user),
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
        (r.exactUser === null ? r.who.matches(id) : r.exactUser === id.user) &&
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
        (r.exactUser === null ? r.who.matches(id) : r.exactUser === id.user) &&
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
        (r) =>
          (r.exactUser === null ? r.who.matches(id) : r.exactUser === id.user) && r.property.test(property, id.user),
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
      (r) =>
        (r.exactUser === null ? r.who.matches(id) : r.exactUser === id.user) &&
        r.catalog.test(catalog, id.user) &&
        r.property.test(property, id.user),
      trace,
      (r) => (r?.allow ? `may set ${catalog}.${property}` : `may not set ${catalog}.${property}`),
    );
    return r?.allow ?? false;
  }

  step(trace: Trace, section: Section, origin: Origin, text: string): void {
    trace?.push({ section, origin, text });
  }
}
