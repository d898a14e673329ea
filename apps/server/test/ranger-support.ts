import { readFileSync } from "node:fs";
import { CATALOGUE } from "@console/sandbox";
import type { ColumnTypes } from "../src/modules/policies/code/ranger.js";

/** A Ranger admin export of a Trino service (with one Hive and one tag policy), in Ranger's documented format. */
export const RANGER_EXPORT = readFileSync(new URL("./fixtures/ranger/trino-export.json", import.meta.url), "utf8");

/** Column types as the sandbox's Trino describes them. */
export const simTypes: ColumnTypes = async (catalog, schema, tables) =>
  new Map(
    CATALOGUE.filter((t) => t.catalog === catalog && t.schema === schema && tables.includes(t.name)).map((t) => [
      t.name,
      new Map(t.columns.map((c) => [c.name, c.type])),
    ]),
  );
