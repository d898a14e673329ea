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

import { OPERATIONS, type OperationShape } from "./operations-list.js";

export { OPERATIONS };
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
    const shape: OperationShape = OPERATIONS[action.operation];
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
