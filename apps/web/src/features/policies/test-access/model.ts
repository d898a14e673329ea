import { OPERATIONS, type OperationShape, type ResourceKind } from "@console/trino-access/operations";

export type Operation = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[];

/** The "Test access" form: which rules, who asks, what they do and to what. */
export interface TestForm {
  source: "current" | "candidate" | "file";
  operation: Operation;
  catalog: string;
  schema: string;
  table: string;
  /** Columns read (SelectFromColumns, UpdateTableColumns, FilterColumns...). */
  columns: string[];
  /** GetColumnMask: the column and its type. */
  column: string;
  columnType: string;
  /** ImpersonateUser, ViewQueryOwnedBy, KillQueryOwnedBy, SetUser: the other user. */
  targetUser: string;
  /** Session properties. */
  property: string;
  /** Functions and procedures. */
  routine: string;
  /** The grantee of a SET AUTHORIZATION. */
  grantee: string;
  granteeType: "USER" | "ROLE";
}

export const INITIAL_FORM: TestForm = {
  source: "current",
  operation: "SelectFromColumns",
  catalog: "",
  schema: "",
  table: "",
  columns: [],
  column: "",
  columnType: "varchar",
  targetUser: "",
  property: "",
  routine: "",
  grantee: "",
  granteeType: "USER",
};

/** An operation's shape, read as the general shape (each entry holds only the keys it sets). */
const shapeOf = (op: Operation): OperationShape => OPERATIONS[op] as OperationShape;
export const resourceOf = (op: Operation): ResourceKind => shapeOf(op).resource;

/** The fields an operation needs before it can be asked. */
export function neededFields(op: Operation): Array<keyof TestForm> {
  const shape = shapeOf(op);
  const extra: Array<keyof TestForm> = shape.grantee ? ["grantee"] : [];
  switch (shape.resource) {
    case "none":
      return extra;
    case "user":
      return ["targetUser", ...extra];
    case "catalog":
      return ["catalog", ...extra];
    case "schema":
      return ["catalog", "schema", ...extra];
    case "table":
      return ["catalog", "schema", "table", ...(shape.columns ? (["columns"] as const) : []), ...extra];
    case "column":
      return ["catalog", "schema", "table", "column", "columnType"];
    case "function":
      return ["catalog", "schema", "routine"];
    case "systemSessionProperty":
      return ["property"];
    case "catalogSessionProperty":
      return ["catalog", "property"];
  }
}

export const complete = (f: TestForm) =>
  neededFields(f.operation).every((k) => {
    const v = f[k];
    return Array.isArray(v) ? v.length > 0 : typeof v === "string" && v.trim() !== "";
  });

/** The resource of the form's operation, shaped as Trino's OPA access control sends it. */
function resource(f: TestForm): Record<string, unknown> | undefined {
  const table = { catalogName: f.catalog, schemaName: f.schema, tableName: f.table };
  switch (resourceOf(f.operation)) {
    case "none":
      return undefined;
    case "user":
      return { user: { user: f.targetUser } };
    case "catalog":
      return { catalog: { name: f.catalog } };
    case "schema":
      return { schema: { catalogName: f.catalog, schemaName: f.schema } };
    case "table":
      return { table: shapeOf(f.operation).columns ? { ...table, columns: f.columns } : table };
    case "column":
      return { column: { ...table, columnName: f.column, columnType: f.columnType } };
    case "function":
      return { function: { catalogName: f.catalog, schemaName: f.schema, functionName: f.routine } };
    case "systemSessionProperty":
      return { systemSessionProperty: { name: f.property } };
    case "catalogSessionProperty":
      return { catalogSessionProperty: { catalogName: f.catalog, propertyName: f.property } };
  }
}

/**
 * The input the checker decides: a batch operation (FilterTables and the like) is asked for its
 * one resource in `filterResources`, as Trino asks it, so the answer is `[0]` (kept) or `[]`.
 */
export function toInput(f: TestForm, identity: { user: string; groups: string[] }): Record<string, unknown> {
  const r = resource(f);
  const shape = shapeOf(f.operation);
  const batch = shape.batch && f.operation.startsWith("Filter");
  return {
    context: { identity: { user: identity.user, groups: identity.groups } },
    action: {
      operation: f.operation,
      ...(r ? (batch ? { filterResources: [r] } : { resource: r }) : {}),
      ...(shape.grantee && f.grantee ? { grantee: { type: f.granteeType, name: f.grantee } } : {}),
    },
  };
}

/** The answer in words: allowed or denied, kept or filtered out, or the expressions Trino adds. */
export function answerKind(
  op: Operation,
  result: unknown,
): { kind: "allowed" | "denied" | "expressions" | "noMask"; expressions: string[] } {
  if (result === true) return { kind: "allowed", expressions: [] };
  if (result === false) return { kind: "denied", expressions: [] };
  if (result === null) return { kind: "noMask", expressions: [] };
  if (Array.isArray(result) && op.startsWith("Filter"))
    return { kind: result.length > 0 ? "allowed" : "denied", expressions: [] };
  const list = Array.isArray(result) ? result : [result];
  const expressions = list
    .map((x) =>
      x && typeof x === "object" && "expression" in x ? String((x as { expression: unknown }).expression) : "",
    )
    .filter(Boolean);
  return { kind: "expressions", expressions };
}
