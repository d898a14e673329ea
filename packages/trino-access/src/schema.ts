import { z } from "zod";
import { patternProblem } from "./pattern.js";

/**
 * The whole document of Trino's file-based system access control (`access-control.name=file`),
 * as FileBasedSystemAccessControlRules and each *Rule class read it with Jackson: unknown keys
 * are refused (FAIL_ON_UNKNOWN_PROPERTIES), enum values are case-insensitive
 * (ACCEPT_CASE_INSENSITIVE_ENUMS), a JSON null is an absent value (Optional.empty()), a missing
 * primitive boolean is false. Stricter than Jackson on one point only: a value of the wrong JSON
 * type (a number for a pattern, a string for a boolean) is refused rather than coerced.
 */

const issue = (ctx: z.RefinementCtx, message: string, path: PropertyKey[] = []) =>
  ctx.addIssue({ code: "custom", message, path });

/** A Java regular expression matched against the whole name. */
const regex = z.string().superRefine((s, ctx) => {
  const p = patternProblem(s, false);
  if (p) issue(ctx, p);
});
/** A UserSubstitutingPattern: `{user}` stands for the user's name, quoted. */
const userRegex = z.string().superRefine((s, ctx) => {
  const p = patternProblem(s, true);
  if (p) issue(ctx, p);
});

function caseInsensitive<T extends string>(values: readonly T[], lower: boolean) {
  return z.string().transform((s, ctx) => {
    const v = (lower ? s.toLowerCase() : s.toUpperCase()) as T;
    if (values.includes(v)) return v;
    issue(ctx, `must be one of ${values.join(", ")}`);
    return z.NEVER;
  });
}

/** Jackson reads a JSON null as Optional.empty(): the key is as good as absent. */
function object<S extends z.ZodRawShape>(shape: S, aliases: Record<string, string> = {}) {
  return z.preprocess((v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v)) {
      if (val === null) continue;
      const key = aliases[k] && !(aliases[k]! in v) ? aliases[k]! : k;
      out[key] = val;
    }
    return out;
  }, z.strictObject(shape));
}

const principal = { user: regex.optional(), role: regex.optional(), group: regex.optional() };
const environment = object({ user: z.string().optional() });

export const CATALOG_ACCESS_MODES = ["owner", "all", "read-only", "none"] as const;
export type CatalogAccessMode = (typeof CATALOG_ACCESS_MODES)[number];
/** CatalogAccessControlRule.AccessMode.fromJson: a name in any case, or the legacy booleans. */
const catalogAccess = z.union([
  z.boolean().transform((b): CatalogAccessMode => (b ? "all" : "none")),
  caseInsensitive(CATALOG_ACCESS_MODES, true),
]);

export const TABLE_PRIVILEGES = ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT"] as const;
export type TablePrivilege = (typeof TABLE_PRIVILEGES)[number];
export const FUNCTION_PRIVILEGES = ["EXECUTE", "GRANT_EXECUTE", "OWNERSHIP"] as const;
export const PROCEDURE_PRIVILEGES = ["EXECUTE", "GRANT_EXECUTE"] as const;
const FUNCTION_KINDS = ["SCALAR", "AGGREGATE", "WINDOW", "TABLE"] as const;

export const CatalogRule = object({ ...principal, catalog: userRegex.optional(), allow: catalogAccess });

export const SchemaRule = object({
  ...principal,
  catalog: userRegex.optional(),
  schema: userRegex.optional(),
  owner: z.boolean().default(false),
});

export const ColumnConstraint = object({
  name: z.string(),
  allow: z.boolean().optional(),
  mask: z.string().optional(),
  mask_environment: environment.optional(),
});

export const TableRule = object({
  ...principal,
  catalog: userRegex.optional(),
  schema: userRegex.optional(),
  table: userRegex.optional(),
  privileges: z.array(caseInsensitive(TABLE_PRIVILEGES, false)),
  columns: z
    .array(ColumnConstraint)
    .superRefine((cols, ctx) => {
      // TableAccessControlRule indexes them with Maps.uniqueIndex: a repeated name fails the load.
      const seen = new Set<string>();
      cols.forEach((c, k) => {
        if (seen.has(c.name)) issue(ctx, `column ${JSON.stringify(c.name)} appears more than once`, [k, "name"]);
        seen.add(c.name);
      });
    })
    .optional(),
  filter: z.string().optional(),
  filter_environment: environment.optional(),
});

export const QueryRule = object({
  ...principal,
  queryOwner: regex.optional(),
  allow: z.array(caseInsensitive(["execute", "view", "kill"] as const, true)),
}).superRefine((r, ctx) => {
  if (r.queryOwner !== undefined && r.allow.includes("execute"))
    issue(ctx, "A valid query rule cannot combine an queryOwner condition with access mode 'execute'", ["allow"]);
});

export const ImpersonationRule = object(
  {
    original_user: regex.optional(),
    original_role: regex.optional(),
    new_user: regex,
    allow: z.boolean().default(true),
  },
  { originalUser: "original_user", newUser: "new_user" },
);

export const PrincipalRule = object({
  principal: regex,
  user: regex.optional(),
  principal_to_user: z.string().optional(),
  allow: z.boolean().default(false),
}).superRefine((r, ctx) => {
  if (r.user === undefined && r.principal_to_user === undefined)
    issue(ctx, "A valid principal rule must provide at least one criterion of user and user_extraction");
});

export const SystemInformationRule = object({
  user: regex.optional(),
  role: regex.optional(),
  allow: z.array(caseInsensitive(["read", "write"] as const, true)),
});

export const AuthorizationRule = object(
  {
    original_user: regex.optional(),
    original_group: regex.optional(),
    original_role: regex.optional(),
    new_user: regex.optional(),
    new_role: regex.optional(),
    allow: z.boolean().default(true),
  },
  {
    originalUser: "original_user",
    originalGroup: "original_group",
    originalRole: "original_role",
    newUser: "new_user",
    newRole: "new_role",
  },
).superRefine((r, ctx) => {
  if (r.new_user === undefined && r.new_role === undefined)
    issue(ctx, "At least one of new_user or new_role is required, none were provided");
});

export const SessionPropertyRule = object({
  ...principal,
  property: regex.optional(),
  allow: z.boolean().default(false),
});

export const CatalogSessionPropertyRule = object({
  ...principal,
  catalog: userRegex.optional(),
  property: regex.optional(),
  allow: z.boolean().default(false),
});

export const FunctionRule = object(
  {
    ...principal,
    catalog: userRegex.optional(),
    schema: userRegex.optional(),
    function: regex.optional(),
    privileges: z.array(caseInsensitive(FUNCTION_PRIVILEGES, false)),
    function_kinds: z.array(caseInsensitive(FUNCTION_KINDS, false)).optional(),
  },
  { functionKinds: "function_kinds" },
).superRefine((r, ctx) => {
  if (r.function_kinds && r.function_kinds.length > 0)
    issue(ctx, "function_kind is no longer supported in security rules", ["function_kinds"]);
});

export const ProcedureRule = object({
  ...principal,
  catalog: userRegex.optional(),
  schema: userRegex.optional(),
  procedure: regex.optional(),
  privileges: z.array(caseInsensitive(PROCEDURE_PRIVILEGES, false)),
});

export const TrinoRulesDocument = object({
  catalogs: z.array(CatalogRule).optional(),
  queries: z.array(QueryRule).optional(),
  impersonation: z.array(ImpersonationRule).optional(),
  principals: z.array(PrincipalRule).optional(),
  system_information: z.array(SystemInformationRule).optional(),
  authorization: z.array(AuthorizationRule).optional(),
  schemas: z.array(SchemaRule).optional(),
  tables: z.array(TableRule).optional(),
  system_session_properties: z.array(SessionPropertyRule).optional(),
  catalog_session_properties: z.array(CatalogSessionPropertyRule).optional(),
  functions: z.array(FunctionRule).optional(),
  procedures: z.array(ProcedureRule).optional(),
});

export type TrinoRulesDocument = z.output<typeof TrinoRulesDocument>;
export type CatalogRule = z.output<typeof CatalogRule>;
export type SchemaRule = z.output<typeof SchemaRule>;
export type ColumnConstraint = z.output<typeof ColumnConstraint>;
export type TableRule = z.output<typeof TableRule>;
export type QueryRule = z.output<typeof QueryRule>;
export type ImpersonationRule = z.output<typeof ImpersonationRule>;
export type PrincipalRule = z.output<typeof PrincipalRule>;
export type SystemInformationRule = z.output<typeof SystemInformationRule>;
export type AuthorizationRule = z.output<typeof AuthorizationRule>;
export type SessionPropertyRule = z.output<typeof SessionPropertyRule>;
export type CatalogSessionPropertyRule = z.output<typeof CatalogSessionPropertyRule>;
export type FunctionRule = z.output<typeof FunctionRule>;
export type ProcedureRule = z.output<typeof ProcedureRule>;
export type Section = keyof TrinoRulesDocument;
export const SECTIONS: readonly Section[] = [
  "catalogs",
  "queries",
  "impersonation",
  "principals",
  "system_information",
  "authorization",
  "schemas",
  "tables",
  "system_session_properties",
  "catalog_session_properties",
  "functions",
  "procedures",
];
