import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite } from "../../src/platform/db/pglite.js";
import { openPostgres } from "../../src/platform/db/postgres.js";
import type { Db } from "../../src/platform/db/index.js";

export type DbKind = "pglite" | "postgres";

/** Both databases the console supports; API tests run against each. */
export const DB_KINDS: DbKind[] = ["pglite", "postgres"];

/** The local PostgreSQL's maintenance database; each test file gets a database of its own. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDb {
  db: Db;
  url: string | null;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pc_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function openTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === "pglite") {
    const db = await openPglite(null);
    return { db, url: null, drop: () => db.close() };
  }
  const { url, drop } = await createTestDatabase();
  const db = await openPostgres(url, 5);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await drop();
    },
  };
}
