import { z } from "zod";
import { problemsOf, type Problem } from "./problems.js";

/**
 * The input Trino's OPA plugin sends (OpaQueryInput: `context` and `action`, as its schema/
 * classes serialize them), so that a decision can be asked exactly as Trino asks it.
 */

const name = z.string();

export const TrinoIdentity = z.object({
  user: name,
  groups: z.array(name).default([]),
  /** Not sent by the OPA plugin; the file-based `role` patterns match these enabled roles. */
  enabledRoles: z.array(name).optional(),
  /** Not sent by the OPA plugin; the authenticated principal, for the `principals` rules (SetUser). */
  principal: name.optional(),
});

export const Resource = z.object({
  /** A user (TrinoUser: a name, or an identity with its groups). */
  user: z.object({ user: name, groups: z.array(name).optional() }).optional(),
  systemSessionProperty: z.object({ name }).optional(),
  catalogSessionProperty: z.object({ catalogName: name, propertyName: name }).optional(),
  catalog: z.object({ name }).optional(),
  schema: z.object({ catalogName: name, schemaName: name }).optional(),
  table: z
    .object({ catalogName: name, schemaName: name, tableName: name, columns: z.array(name).optional() })
    .optional(),
  /** A function or procedure; a table procedure has only its name. */
  function: z.object({ catalogName: name.optional(), schemaName: name.optional(), functionName: name }).optional(),
  column: z
    .object({
      catalogName: name,
      schemaName: name,
      tableName: name,
      columnName: name,
      columnType: z.string().optional(),
    })
    .optional(),
});
export type Resource = z.infer<typeof Resource>;

type Kind =
  | "none"
  | "user"
  | "catalog"
  | "schema"
  | "table"
  | "function"
  | "column"
  | "systemSessionProperty"
  | "catalogSessionProperty";

interface Shape {
  resource: Kind;
  /** The operation may come as a batch in `filterResources`. */
  batch?: boolean;
  target?: boolean;
  grantee?: boolean;
  columns?: boolean;
  /** ExecuteTableProcedure: a table and the procedure's name. */
  tableProcedure?: boolean;
}

/** Every operation the file-based access control decides, with the resource it needs. */
export const OPERATIONS = {
  ExecuteQuery: { resource: "none" },
  ReadSystemInformation: { resource: "none" },
  WriteSystemInformation: { resource: "none" },
  ImpersonateUser: { resource: "user" },
  SetUser: { resource: "user" },
  ViewQueryOwnedBy: { resource: "user" },
  KillQueryOwnedBy: { resource: "user" },
  FilterViewQueryOwnedBy: { resource: "user", batch: true },
  SetSystemSessionProperty: { resource: "systemSessionProperty" },
  SetCatalogSessionProperty: { resource: "catalogSessionProperty" },
  AccessCatalog: { resource: "catalog" },
  CreateCatalog: { resource: "catalog" },
  DropCatalog: { resource: "catalog" },
  RenameCatalog: { resource: "catalog", target: true },
  SetCatalogProperties: { resource: "catalog" },
  ShowCreateCatalog: { resource: "catalog" },
  FilterCatalogs: { resource: "catalog", batch: true },
  ShowSchemas: { resource: "catalog" },
  CreateSchema: { resource: "schema" },
  DropSchema: { resource: "schema" },
  RenameSchema: { resource: "schema", target: true },
  SetSchemaAuthorization: { resource: "schema", grantee: true },
  ShowCreateSchema: { resource: "schema" },
  ShowTables: { resource: "schema" },
  ShowFunctions: { resource: "schema" },
  FilterSchemas: { resource: "schema", batch: true },
  GrantSchemaPrivilege: { resource: "schema" },
  DenySchemaPrivilege: { resource: "schema" },
  RevokeSchemaPrivilege: { resource: "schema" },
  ShowCreateTable: { resource: "table" },
  CreateTable: { resource: "table" },
  DropTable: { resource: "table" },
  RenameTable: { resource: "table", target: true },
  SetTableProperties: { resource: "table" },
  SetTableComment: { resource: "table" },
  SetViewComment: { resource: "table" },
  SetColumnComment: { resource: "table" },
  SetMaterializedViewComment: { resource: "table" },
  ShowColumns: { resource: "table" },
  FilterTables: { resource: "table", batch: true },
  FilterColumns: { resource: "table", batch: true, columns: true },
  AddColumn: { resource: "table" },
  AlterColumn: { resource: "table" },
  DropColumn: { resource: "table" },
  RenameColumn: { resource: "table" },
  SetTableAuthorization: { resource: "table", grantee: true },
  SelectFromColumns: { resource: "table", columns: true },
  InsertIntoTable: { resource: "table" },
  DeleteFromTable: { resource: "table" },
  TruncateTable: { resource: "table" },
  UpdateTableColumns: { resource: "table", columns: true },
  CreateView: { resource: "table" },
  RenameView: { resource: "table", target: true },
  SetViewAuthorization: { resource: "table", grantee: true },
  DropView: { resource: "table" },
  RefreshView: { resource: "table" },
  CreateViewWithSelectFromColumns: { resource: "table", columns: true },
  CreateMaterializedView: { resource: "table" },
  RefreshMaterializedView: { resource: "table" },
  SetMaterializedViewProperties: { resource: "table" },
  DropMaterializedView: { resource: "table" },
  RenameMaterializedView: { resource: "table", target: true },
  SetMaterializedViewAuthorization: { resource: "table", grantee: true },
  GrantTablePrivilege: { resource: "table" },
  DenyTablePrivilege: { resource: "table" },
  RevokeTablePrivilege: { resource: "table" },
  ExecuteTableProcedure: { resource: "table", tableProcedure: true },
  GetRowFilters: { resource: "table" },
  GetColumnMask: { resource: "column", batch: true },
  ExecuteProcedure: { resource: "function" },
  ExecuteFunction: { resource: "function" },
  CreateViewWithExecuteFunction: { resource: "function" },
  CreateFunction: { resource: "function" },
  DropFunction: { resource: "function" },
  ShowCreateFunction: { resource: "function" },
  FilterFunctions: { resource: "function", batch: true },
  CreateRole: { resource: "none" },
  DropRole: { resource: "none" },
  GrantRoles: { resource: "none" },
  RevokeRoles: { resource: "none" },
  ShowRoles: { resource: "none" },
  ShowCurrentRoles: { resource: "none" },
  ShowRoleGrants: { resource: "none" },
} as const satisfies Record<string, Shape>;

export type Operation = keyof typeof OPERATIONS;
const OPERATION_NAMES = Object.keys(OPERATIONS) as [Operation, ...Operation[]];

export const AccessInput = z
  .object({
    context: z.object({
      identity: TrinoIdentity,
      softwareStack: z.object({ trinoVersion: z.string().optional() }).optional(),
      queryId: z.string().optional(),
    }),
    action: z.object({
      operation: z.enum(OPERATION_NAMES, { message: "is not an operation the file-based access control decides" }),
      resource: Resource.optional(),
      targetResource: Resource.optional(),
      filterResources: z.array(Resource).optional(),
      grantee: z.object({ type: z.enum(["USER", "ROLE"]), name }).optional(),
    }),
  })
  .superRefine((input, ctx) => {
    const { action } = input;
    const shape: Shape = OPERATIONS[action.operation];
    const need = (path: PropertyKey[], message = "required") =>
      ctx.addIssue({ code: "custom", message, path: ["action", ...path] });
    if (action.resource && action.filterResources)
      need(["filterResources"], "resource and filterResources cannot both be set");
    if (action.filterResources && !shape.batch)
      need(["filterResources"], `${action.operation} is not asked in batches`);
    if (action.operation === "FilterColumns" && action.filterResources && action.filterResources.length !== 1)
      need(["filterResources"], "FilterColumns is asked with one table and its columns");
    const check = (r: Resource | undefined, path: PropertyKey[]) => {
      if (shape.resource === "none") return;
      if (!r) return need(path);
      const field = shape.resource as keyof Resource;
      if (!r[field]) need([...path, field]);
      if (shape.tableProcedure && !r.function) need([...path, "function"]);
      if (shape.resource === "function" && !shape.tableProcedure && r.function) {
        if (r.function.catalogName === undefined) need([...path, "function", "catalogName"]);
        if (r.function.schemaName === undefined) need([...path, "function", "schemaName"]);
      }
      if (shape.columns && action.operation !== "FilterColumns" && r.table && !r.table.columns)
        need([...path, "table", "columns"]);
    };
    if (action.filterResources) action.filterResources.forEach((r, k) => check(r, ["filterResources", k]));
    else check(action.resource, ["resource"]);
    if ("target" in shape && shape.target) check(action.targetResource, ["targetResource"]);
    if ("grantee" in shape && shape.grantee && !action.grantee) need(["grantee"]);
  });

export type AccessInput = z.input<typeof AccessInput>;

export function parseInput(x: unknown): { ok: true; input: AccessInput } | { ok: false; problems: Problem[] } {
  const r = AccessInput.safeParse(x);
  return r.success ? { ok: true, input: r.data } : { ok: false, problems: problemsOf(r.error) };
}
