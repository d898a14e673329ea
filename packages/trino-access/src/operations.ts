import type { Sections } from "./compiled.js";
import { INFORMATION_SCHEMA, type Decider, type Identity, type Trace } from "./decide.js";
import {
  canAccessQuery,
  canImpersonate,
  canReadWriteSystemInformation,
  canSetAuthorization,
  canSetUser,
} from "./identity-ops.js";
import type { AccessInput, Operation, Resource } from "./input.js";
import type { TablePrivilege } from "./schema.js";

/** A row filter or column mask as Trino's ViewExpression: `identity` is the environment's user. */
export interface ViewExpression {
  expression: string;
  identity?: string;
}
export interface ColumnMaskItem {
  index: number;
  viewExpression: ViewExpression;
}
/**
 * A check's answer, as the OPA plugin expects it: a boolean; the allowed indices of a batch;
 * the row filters; a column mask or null; the masks of a batch of columns.
 */
export type Answer = boolean | number[] | ViewExpression[] | ViewExpression | null | ColumnMaskItem[];

type Action = AccessInput["action"];
type Table = NonNullable<Resource["table"]>;

/** Operations that need OWNERSHIP on the table (CREATE needs it on the table-to-be). */
const OWNERSHIP_OPS = new Set<Operation>([
  "ShowCreateTable",
  "CreateTable",
  "DropTable",
  "SetTableProperties",
  "SetTableComment",
  "SetViewComment",
  "SetColumnComment",
  "AddColumn",
  "AlterColumn",
  "DropColumn",
  "RenameColumn",
  "CreateView",
  "DropView",
  "RefreshView",
  "CreateMaterializedView",
  "SetMaterializedViewProperties",
  "DropMaterializedView",
  "GrantTablePrivilege",
  "DenyTablePrivilege",
  "RevokeTablePrivilege",
]);
const PRIVILEGE_OPS: Partial<Record<Operation, TablePrivilege>> = {
  InsertIntoTable: "INSERT",
  DeleteFromTable: "DELETE",
  TruncateTable: "DELETE",
  UpdateTableColumns: "UPDATE",
  RefreshMaterializedView: "UPDATE",
};

const view = (expression: string, identity: string | null): ViewExpression =>
  identity === null ? { expression } : { expression, identity };

export class Operations {
  constructor(
    private readonly d: Decider,
    private readonly s: Sections,
  ) {}

  decide(input: AccessInput, trace: Trace): Answer {
    const ident = input.context.identity;
    const id: Identity = {
      user: ident.user,
      groups: ident.groups ?? [],
      roles: ident.enabledRoles ?? [],
      principal: ident.principal,
    };
    const { action } = input;
    const op = action.operation;
    if (op === "GetRowFilters") return this.rowFilters(id, action.resource!.table!, trace);
    if (op === "GetColumnMask") {
      if (!action.filterResources) return this.columnMask(id, action.resource!.column!, trace);
      const out: ColumnMaskItem[] = [];
      action.filterResources.forEach((r, index) => {
        const m = this.columnMask(id, r.column!, trace);
        if (m) out.push({ index, viewExpression: m });
      });
      return out;
    }
    if (op === "FilterColumns") {
      const table = (action.filterResources?.[0] ?? action.resource)!.table!;
      const allowed = this.filterColumns(id, table, table.columns ?? [], trace);
      if (action.filterResources) return (table.columns ?? []).flatMap((c, k) => (allowed.has(c) ? [k] : []));
      return (table.columns ?? []).every((c) => allowed.has(c));
    }
    if (action.filterResources) {
      if (op === "FilterViewQueryOwnedBy" && !this.s.queries) return action.filterResources.map((_, k) => k);
      const memo = new Map<string, boolean>();
      return action.filterResources.flatMap((r, k) =>
        this.one(op, id, { ...action, resource: r }, trace, memo) ? [k] : [],
      );
    }
    return this.one(op, id, action, trace, null);
  }

  /** One resource's decision; `memo` keeps schema ownership and catalog visibility within a batch. */
  private one(op: Operation, id: Identity, a: Action, trace: Trace, memo: Map<string, boolean> | null): boolean {
    const d = this.d;
    const r = a.resource;
    const once = (key: string, f: () => boolean) => {
      if (!memo || trace) return f();
      let v = memo.get(key);
      if (v === undefined) memo.set(key, (v = f()));
      return v;
    };
    switch (op) {
      case "ExecuteQuery":
        return canAccessQuery(this.s, id, null, "execute", trace);
      case "ViewQueryOwnedBy":
      case "KillQueryOwnedBy":
      case "FilterViewQueryOwnedBy": {
        const owner = r!.user!.user;
        if (owner === id.user) {
          trace?.push({
            section: "queries",
            origin: { kind: "default", default: "not asked" },
            text: "Trino never asks about a user's own queries: always allowed",
          });
          return true;
        }
        return canAccessQuery(this.s, id, owner, op === "KillQueryOwnedBy" ? "kill" : "view", trace);
      }
      case "ReadSystemInformation":
        return canReadWriteSystemInformation(this.s, id, "read", trace);
      case "WriteSystemInformation":
        return canReadWriteSystemInformation(this.s, id, "write", trace);
      case "ImpersonateUser":
        return canImpersonate(this.s, id, r!.user!.user, trace);
      case "SetUser":
        return canSetUser(this.s, id.principal, r!.user!.user, trace);
      case "SetSystemSessionProperty":
        return d.sessionProperty(id, null, r!.systemSessionProperty!.name, trace);
      case "SetCatalogSessionProperty":
        return d.sessionProperty(
          id,
          r!.catalogSessionProperty!.catalogName,
          r!.catalogSessionProperty!.propertyName,
          trace,
        );
      case "AccessCatalog":
        return d.canAccessCatalog(id, r!.catalog!.name, "read-only", trace);
      case "CreateCatalog":
      case "DropCatalog":
      case "SetCatalogProperties":
      case "ShowCreateCatalog":
        return d.canAccessCatalog(id, r!.catalog!.name, "owner", trace);
      case "RenameCatalog":
        return (
          d.canAccessCatalog(id, r!.catalog!.name, "owner", trace) &&
          d.canAccessCatalog(id, a.targetResource!.catalog!.name, "owner", trace)
        );
      case "FilterCatalogs":
      case "ShowSchemas":
        return d.catalogVisible(id, r!.catalog!.name, trace);
      case "CreateSchema":
      case "DropSchema":
      case "ShowCreateSchema":
      case "GrantSchemaPrivilege":
      case "DenySchemaPrivilege":
      case "RevokeSchemaPrivilege":
        // The privilege checks ask for all on the catalog first; schema ownership asks it too.
        return d.isSchemaOwner(id, r!.schema!.catalogName, r!.schema!.schemaName, trace);
      case "RenameSchema":
        return (
          d.isSchemaOwner(id, r!.schema!.catalogName, r!.schema!.schemaName, trace) &&
          d.isSchemaOwner(id, r!.schema!.catalogName, a.targetResource!.schema!.schemaName, trace)
        );
      case "SetSchemaAuthorization":
        return (
          d.isSchemaOwner(id, r!.schema!.catalogName, r!.schema!.schemaName, trace) &&
          canSetAuthorization(this.s, id, a.grantee!, trace)
        );
      case "ShowTables":
      case "ShowFunctions":
      case "FilterSchemas": {
        const { catalogName, schemaName } = r!.schema!;
        return d.schemaVisible(id, catalogName, schemaName, trace);
      }
      case "ExecuteProcedure": {
        const f = r!.function!;
        return d.routine("procedures", id, f.catalogName!, f.schemaName!, f.functionName, trace)?.execute ?? false;
      }
      case "ExecuteFunction":
      case "CreateViewWithExecuteFunction":
      case "CreateFunction":
      case "DropFunction":
      case "ShowCreateFunction":
        return this.function(op, id, r!.function!, trace);
      case "FilterFunctions": {
        const f = r!.function!;
        return (
          once(`o\0${f.catalogName}\0${f.schemaName}`, () =>
            d.isSchemaOwner(id, f.catalogName!, f.schemaName!, trace),
          ) ||
          (d.routine("functions", id, f.catalogName!, f.schemaName!, f.functionName, trace)?.execute ?? false)
        );
      }
      case "CreateRole":
      case "DropRole":
      case "GrantRoles":
      case "RevokeRoles":
        trace?.push({
          section: "authorization",
          origin: { kind: "default", default: "not asked" },
          text: "the file-based access control has no roles to manage: always denied",
        });
        return false;
      case "ShowRoles":
      case "ShowCurrentRoles":
      case "ShowRoleGrants":
        trace?.push({
          section: "authorization",
          origin: { kind: "default", default: "not asked" },
          text: "showing roles is always allowed",
        });
        return true;
      case "ExecuteTableProcedure":
        trace?.push({
          section: "procedures",
          origin: { kind: "default", default: "not asked" },
          text: "the file-based access control allows every table procedure (ALTER TABLE EXECUTE)",
        });
        return true;
      case "SetMaterializedViewComment":
        trace?.push({
          section: "tables",
          origin: { kind: "default", default: "not asked" },
          text: "the file-based access control leaves it to Trino's default, which denies",
        });
        return false;
    }
    return this.table(op, id, a, trace, once);
  }

  private function(op: Operation, id: Identity, f: NonNullable<Resource["function"]>, trace: Trace): boolean {
    const catalog = f.catalogName!;
    const schema = f.schemaName!;
    if (
      (op === "ExecuteFunction" || op === "CreateViewWithExecuteFunction") &&
      catalog === "system" &&
      schema === "builtin"
    ) {
      trace?.push({
        section: "functions",
        origin: { kind: "default", default: "not asked" },
        text: "Trino never asks about built-in functions (system.builtin): always allowed",
      });
      return true;
    }
    const rule = this.d.routine("functions", id, catalog, schema, f.functionName, trace);
    if (!rule) return false;
    if (op === "ExecuteFunction") return rule.execute;
    if (op === "CreateViewWithExecuteFunction") return rule.grantExecute;
    return rule.ownership;
  }

  private table(
    op: Operation,
    id: Identity,
    a: Action,
    trace: Trace,
    once: (k: string, f: () => boolean) => boolean,
  ): boolean {
    const d = this.d;
    const t = a.resource!.table!;
    const perm = (x: Table, p: TablePrivilege | "any") =>
      d.tablePermission(id, x.catalogName, x.schemaName, x.tableName, p, trace);
    if (OWNERSHIP_OPS.has(op)) return perm(t, "OWNERSHIP");
    const privilege = PRIVILEGE_OPS[op];
    if (privilege) return perm(t, privilege);
    switch (op) {
      case "RenameTable":
      case "RenameView":
      case "RenameMaterializedView":
        return perm(t, "OWNERSHIP") && perm(a.targetResource!.table!, "OWNERSHIP");
      case "SetTableAuthorization":
      case "SetViewAuthorization":
      case "SetMaterializedViewAuthorization":
        return perm(t, "OWNERSHIP") && canSetAuthorization(this.s, id, a.grantee!, trace);
      case "ShowColumns":
        return perm(t, "any");
      case "FilterTables":
        return (
          once(`o\0${t.catalogName}\0${t.schemaName}`, () => d.isSchemaOwner(id, t.catalogName, t.schemaName, trace)) ||
          perm(t, "any")
        );
      case "SelectFromColumns":
      case "CreateViewWithSelectFromColumns": {
        const definer = op === "CreateViewWithSelectFromColumns";
        if (!d.canAccessCatalog(id, t.catalogName, definer ? "all" : "read-only", trace)) return false;
        if (t.schemaName === INFORMATION_SCHEMA) {
          trace?.push({
            section: "tables",
            origin: { kind: "default", default: "not asked" },
            text: "information_schema is not governed by table rules",
          });
          return true;
        }
        const rule = d.tableRule(id, t.catalogName, t.schemaName, t.tableName, trace);
        if (!rule) return false;
        const columns = t.columns ?? [];
        const canSelect =
          (rule.privileges.has("SELECT") || rule.privileges.has("GRANT_SELECT")) &&
          !columns.some((c) => rule.restricted.has(c));
        return canSelect && (!definer || rule.privileges.has("GRANT_SELECT"));
      }
    }
    throw new Error(`operation ${op} has no decision`);
  }

  /** filterColumns: any permission on the table, then all columns unless only SELECT/GRANT_SELECT with restricted ones. */
  private filterColumns(id: Identity, t: Table, columns: readonly string[], trace: Trace): Set<string> {
    if (!this.d.tablePermission(id, t.catalogName, t.schemaName, t.tableName, "any", trace)) return new Set();
    if (t.schemaName === INFORMATION_SCHEMA) return new Set(columns);
    const rule = this.d.tableRule(id, t.catalogName, t.schemaName, t.tableName, null);
    if (!rule || rule.privileges.size === 0) return new Set();
    if ([...rule.privileges].some((p) => p !== "SELECT" && p !== "GRANT_SELECT")) return new Set(columns);
    return new Set(columns.filter((c) => !rule.restricted.has(c)));
  }

  private rowFilters(id: Identity, t: Table, trace: Trace): ViewExpression[] {
    if (t.schemaName === INFORMATION_SCHEMA) return [];
    const rule = this.d.tableRule(id, t.catalogName, t.schemaName, t.tableName, trace);
    return rule?.filter ? [view(rule.filter, rule.filterUser)] : [];
  }

  /** getColumnMask: the first matching table rule's mask for the column (Trino raises on two, which a valid document cannot hold). */
  private columnMask(id: Identity, c: NonNullable<Resource["column"]>, trace: Trace): ViewExpression | null {
    if (c.schemaName === INFORMATION_SCHEMA) return null;
    const rule = this.d.tableRule(id, c.catalogName, c.schemaName, c.tableName, trace);
    const col = rule?.columns.get(c.columnName);
    return col?.mask ? view(col.mask, col.maskUser) : null;
  }
}
