import path from "node:path";
import type { Config } from "../../config.js";
import { openPglite } from "./pglite.js";
import { openPostgres } from "./postgres.js";
import type { Db } from "./types.js";

export type { Db, Queryable, Row } from "./types.js";
export { ColumnParam, MAINTENANCE_TIMEOUT_MS } from "./types.js";
export { migrate } from "./migrate.js";

/** Where the embedded database lives when DATABASE_URL is unset. */
export const pgliteFolder = (config: Pick<Config, "dataDir">) => path.join(config.dataDir, "pglite");

export async function openDb(config: Pick<Config, "DATABASE_URL" | "DATABASE_POOL_MAX" | "dataDir">): Promise<Db> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_MAX);
  return openPglite(pgliteFolder(config));
}
