export {
  AuthorizationRule,
  CATALOG_ACCESS_MODES,
  CatalogRule,
  CatalogSessionPropertyRule,
  ColumnConstraint,
  FUNCTION_PRIVILEGES,
  FunctionRule,
  ImpersonationRule,
  PROCEDURE_PRIVILEGES,
  PrincipalRule,
  ProcedureRule,
  QueryRule,
  SECTIONS,
  SchemaRule,
  SessionPropertyRule,
  SystemInformationRule,
  TABLE_PRIVILEGES,
  TableRule,
  TrinoRulesDocument,
  type CatalogAccessMode,
  type Section,
  type TablePrivilege,
} from "./schema.js";
export { AccessInput, OPERATIONS, Resource, TrinoIdentity, parseInput, type Operation } from "./input.js";
export type { Problem } from "./problems.js";
export { documentProblems } from "./check-document.js";
export type { Answer, ColumnMaskItem, ViewExpression } from "./operations.js";
export {
  compileEngine,
  parseRules,
  type DecidedBy,
  type Engine,
  type Explanation,
  type ParsedRules,
  type TableAccess,
} from "./engine.js";
export { javaRegex, type JavaRegex } from "./java-regex.js";
export { javaReplacement } from "./java-replace.js";
