/**
 * Every operation the file-based access control decides, named as Trino's OPA plugin names it,
 * with the resource it needs. No zod here: the web app's "Test access" screen imports it
 * (`@console/trino-access/operations`) without loading the schemas.
 */
export type ResourceKind =
  | "none"
  | "user"
  | "catalog"
  | "schema"
  | "table"
  | "function"
  | "column"
  | "systemSessionProperty"
  | "catalogSessionProperty";

export interface OperationShape {
  resource: ResourceKind;
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
} as const satisfies Record<string, OperationShape>;
