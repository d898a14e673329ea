import { compileEngine, parseRules, type Engine } from "./engine.js";
import type { AccessInput, Operation, Resource } from "./input.js";
import type { Answer } from "./operations.js";

/** Helpers for the package's tests (not exported from the package). */

export function engineOf(doc: unknown): Engine {
  const parsed = parseRules(doc);
  if (!parsed.ok) throw new Error(`document refused: ${JSON.stringify(parsed.problems)}`);
  return compileEngine(parsed.rules);
}

export interface Who {
  user: string;
  groups?: string[];
  roles?: string[];
  principal?: string;
}

export const who = (user: string, ...groups: string[]): Who => ({ user, groups });

export function input(
  w: Who,
  operation: Operation,
  resource?: Resource,
  extra: Partial<AccessInput["action"]> = {},
): AccessInput {
  return {
    context: {
      identity: { user: w.user, groups: w.groups ?? [], enabledRoles: w.roles, principal: w.principal },
      softwareStack: { trinoVersion: "479" },
    },
    action: { operation, ...(resource ? { resource } : {}), ...extra },
  };
}

export const ask = (
  e: Engine,
  w: Who,
  operation: Operation,
  resource?: Resource,
  extra?: Partial<AccessInput["action"]>,
): Answer => e.check(input(w, operation, resource, extra));

export const table = (catalogName: string, schemaName: string, tableName: string, columns?: string[]): Resource => ({
  table: { catalogName, schemaName, tableName, ...(columns ? { columns } : {}) },
});
export const schema = (catalogName: string, schemaName: string): Resource => ({ schema: { catalogName, schemaName } });
export const catalog = (name: string): Resource => ({ catalog: { name } });
export const fn = (catalogName: string, schemaName: string, functionName: string): Resource => ({
  function: { catalogName, schemaName, functionName },
});
export const column = (catalogName: string, schemaName: string, tableName: string, columnName: string): Resource => ({
  column: { catalogName, schemaName, tableName, columnName, columnType: "varchar" },
});
export const user = (name: string): Resource => ({ user: { user: name } });
