import { PolicyInput } from "@console/contracts";
import { storeTrinoEvents, TrinoCompletedEvent } from "../src/modules/audits/ingest-trino.js";
import type { Db } from "../src/platform/db/index.js";
import { seedUser } from "./support/seed.js";

/** A small random generator with a seed, so that a generated platform is the same on every run. */
export function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    some: <T>(xs: readonly T[], k: number): T[] => [...xs].sort(() => next() - 0.5).slice(0, k),
  };
}

export const GEN_TABLES = [
  ["hive", "sales", "customers"],
  ["hive", "sales", "orders"],
  ["hive", "sales", "payments"],
  ["hive", "hr", "employees"],
  ["hive", "hr", "salaries"],
  ["iceberg", "finance", "ledger"],
  ["iceberg", "finance", "budgets"],
] as const;
export const GEN_COLUMNS = ["email", "national_id", "amount"] as const;

/**
 * A generated platform: users in groups, and policies of every category (catalogs opened or
 * closed, schemas, tables with privileges, hidden and masked columns, denials) given to users,
 * groups and everyone, written straight to the database as the benchmark does.
 */
export async function generatePlatform(db: Db, seed: number, size = { users: 24, groups: 6, policies: 60 }) {
  const r = rng(seed);
  const groups = Array.from({ length: size.groups }, (_, g) => `team${g}`);
  const users = Array.from({ length: size.users }, (_, u) => `person${u}`);
  for (const u of users) await seedUser(db, u, { groups: r.some(groups, r.int(3)) });
  const values = Array.from({ length: size.policies }, (_, i) => {
    const [catalog, schema, table] = r.pick(GEN_TABLES);
    const who =
      i % 9 === 0
        ? { assignToUsers: [".*"] }
        : r.next() < 0.5
          ? { assignToGroups: r.some(groups, 1 + r.int(2)) }
          : { assignToUsers: r.some(users, 1 + r.int(3)) };
    const kind = r.int(10);
    if (kind === 0)
      return {
        policyName: `gen${i}`,
        category: "catalog",
        catalogName: catalog,
        config: { allow: r.pick(["read-only", "none", "all"]) },
        ...who,
      };
    if (kind === 1)
      return { policyName: `gen${i}`, category: "schema", catalogName: catalog, schemaName: [schema], ...who };
    const column = r.pick(GEN_COLUMNS);
    return {
      policyName: `gen${i}`,
      category: "tables",
      catalogName: catalog,
      schemaName: [schema],
      tables: [table],
      tablePrivileges: kind === 2 ? [] : kind === 3 ? ["INSERT"] : ["SELECT"],
      columnDetails:
        kind >= 7
          ? [
              {
                table,
                name: column,
                columnDataType: "varchar",
                type: "predefine",
                mask: kind === 9 ? "hash" : "restrict",
              },
            ]
          : [],
      ...who,
    };
  });
  for (const [i, v] of values.entries()) {
    const { policyName, category, ...body } = PolicyInput.parse(v);
    await db.query(
      "INSERT INTO policies (priority, policy_name, category, body, created_by) VALUES ($1, $2, $3, $4, 'generator')",
      [1 + r.int(1000) * 100 + i, policyName, category, JSON.stringify(body)],
    );
  }
  return { users, groups };
}

let seq = 0;
/** Trino's completed-query events reading a table, for the last reads and query counts. */
export async function readTable(
  db: Db,
  user: string,
  catalog: string,
  schema: string,
  table: string,
  at = new Date(),
  columns = ["id"],
) {
  const id = `20260101_000000_${String(++seq).padStart(5, "0")}_reads`;
  await storeTrinoEvents(db, [
    TrinoCompletedEvent.parse({
      metadata: { queryId: id, query: `SELECT * FROM ${catalog}.${schema}.${table}`, queryState: "FINISHED" },
      statistics: { wallTime: 0.1 },
      context: { user, catalog, schema },
      ioMetadata: {
        inputs: [
          { catalogName: catalog, schema, table, columns: columns.map((column) => ({ column, type: "varchar" })) },
        ],
      },
      createTime: at.toISOString(),
      endTime: new Date(at.getTime() + 100).toISOString(),
    }),
  ]);
}
