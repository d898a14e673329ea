import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser, USER_PASSWORD } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL } from "./policies-support.js";
import { GEN_COLUMNS, GEN_TABLES, generatePlatform, readTable } from "./reviews-support.js";
import { PublishedAccess } from "../src/modules/access-reviews/published-access.js";
import * as reviewStore from "../src/modules/access-reviews/store.js";
import { decideScope } from "../src/modules/access-reviews/who-can-see.js";
import type { PublicationAt } from "../src/modules/policies/explain.js";

const WHO = `${ACL}/who-can-see`;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(DB_KINDS)("who can see a table: the reverse view (%s)", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof caller>;
  let users: string[];

  beforeAll(async () => {
    t = await makeApp(kind);
    ({ users } = await generatePlatform(t.testDb.db, 32));
    await seedUser(t.testDb.db, "plain");
    admin = caller(t.app, await adminToken(t.app));
    const synced = await admin("PUT", `${ACL}/sync`);
    expect(synced.status, synced.raw).toBe(200);
  }, 180_000);
  afterAll(() => t.close());

  const evaluate = async (username: string, catalog: string, schema: string, table: string) => {
    const res = await admin("GET", `${ACL}/evaluate?${new URLSearchParams({ username, catalog, schema, table })}`);
    expect(res.status, res.raw).toBe(200);
    return res.body as Json;
  };

  it("agrees, for every user and table of a generated platform, with what each user can see", async () => {
    let readers = 0;
    for (const [catalog, schema, table] of GEN_TABLES) {
      const res = await admin("GET", `${WHO}?${new URLSearchParams({ catalog, schema, table })}`);
      expect(res.status, res.raw).toBe(200);
      const w = res.body as Json;
      expect(w).toMatchObject({ level: "table", catalog, schema, table, column: null });
      const listed = new Set((w.users as Json[]).map((u) => u.username));
      for (const u of [...users, "plain", "admin"]) {
        const v = await evaluate(u, catalog, schema, table);
        expect(listed.has(u), `${u} on ${catalog}.${schema}.${table}`).toBe(v.canSelect);
        if (!v.canSelect) continue;
        readers++;
        const row = (w.users as Json[]).find((x) => x.username === u)!;
        expect(row.privileges).toEqual(v.privileges);
        expect(row.tableRule).toBe(v.tableRule);
        expect(row.filter).toBe(v.filter);
      }
      // Column by column: hidden columns take the user out, masked ones say so.
      for (const column of GEN_COLUMNS) {
        const c = (await admin("GET", `${WHO}?${new URLSearchParams({ catalog, schema, table, column })}`))
          .body as Json;
        for (const u of users) {
          const v = await evaluate(u, catalog, schema, table);
          const col = (v.columns as Json[]).find((x) => x.name === column);
          const sees = v.canSelect && (col ? col.visible : true);
          const row = (c.users as Json[]).find((x) => x.username === u);
          expect(!!row, `${u} on ${catalog}.${schema}.${table}.${column}`).toBe(sees);
          if (row) expect(row.masks.map((m: Json) => m.mask)).toEqual(col?.mask ? [col.mask] : []);
        }
      }
    }
    // The generated platform gives some and refuses others: the comparison covered both.
    expect(readers).toBeGreaterThan(10);
    expect(readers).toBeLessThan(GEN_TABLES.length * (users.length + 2));
  }, 180_000);

  it("decides as well from the publication Sync kept in memory as from the one read back from the database", async () => {
    const db = t.testDb.db;
    const { rows } = await db.query<PublicationAt>(
      "SELECT number, created_at, rules, inputs FROM policy_publications ORDER BY number DESC LIMIT 1",
    );
    const readBack = new PublishedAccess(rows[0]!.number, rows[0]!, await reviewStore.policyCreators(db));
    const people = await reviewStore.people(db);
    const decided = (u: Json) => [u.username, u.privileges, u.tableRule, u.filter, u.masks, u.hidden, u.paths];
    let compared = 0;
    for (const [catalog, schema, table] of GEN_TABLES) {
      const served = (await admin("GET", `${WHO}?${new URLSearchParams({ catalog, schema, table })}`)).body as Json;
      const fresh = decideScope(readBack, people, { catalog, schema, table, column: null });
      expect((served.users as Json[]).map(decided), `${catalog}.${schema}.${table}`).toEqual(
        (fresh.users as Json[]).map(decided),
      );
      compared += fresh.users.length;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("names the policies and groups behind a user's access, and the groups that would give it", async () => {
    const res = await admin("GET", `${WHO}?catalog=hive&schema=sales&table=customers`);
    const w = res.body as Json;
    const withPaths = (w.users as Json[]).filter((u) => u.paths.length > 0);
    expect(withPaths.length).toBeGreaterThan(0);
    for (const u of withPaths)
      for (const p of u.paths as Json[]) {
        const policy = (await admin("GET", `${ACL}/${p.policyId}`)).body as Json;
        expect(policy.policyName).toBe(p.policyName);
        if (p.via === "user") expect(policy.assignToUsers).toContain(u.username);
        if (p.via === "group") expect(u.groups).toContain(p.group);
        if (p.via === "everyone") expect(policy.assignToUsers).toContain(".*");
        expect(p.createdBy).toBe("generator");
      }
    for (const g of w.groups as Json[])
      for (const p of g.policies as Json[])
        expect(((await admin("GET", `${ACL}/${p.id}`)).body as Json).assignToGroups).toContain(g.name);
  });

  it("shows each reader's last read and query counts from Trino's events", async () => {
    const before = (await admin("GET", `${WHO}?catalog=hive&schema=sales&table=orders`)).body as Json;
    const reader = (before.users as Json[])[0]!;
    expect(reader, "the generated platform gives someone hive.sales.orders").toBeDefined();
    const at = new Date(Date.now() - 40 * 86_400_000);
    await readTable(t.testDb.db, reader.username, "hive", "sales", "orders", at);
    await readTable(t.testDb.db, reader.username, "hive", "sales", "orders");
    await readTable(t.testDb.db, reader.username, "hive", "sales", "orders");
    const after = (await admin("GET", `${WHO}?catalog=hive&schema=sales&table=orders`)).body as Json;
    const row = (after.users as Json[]).find((u) => u.username === reader.username)!;
    expect(row).toMatchObject({ queries30: 2, queries90: 3 });
    expect(Date.parse(row.lastRead)).toBeGreaterThan(at.getTime());
  });

  it("answers for a catalog and a schema with Trino's own catalog and schema checks", async () => {
    const cat = (await admin("GET", `${WHO}?catalog=iceberg`)).body as Json;
    expect(cat.level).toBe("catalog");
    for (const u of cat.users as Json[]) expect(u.catalogAccess).not.toBe("none");
    const schema = (await admin("GET", `${WHO}?catalog=hive&schema=hr`)).body as Json;
    expect(schema.level).toBe("schema");
    // Whoever reads a table of the schema sees the schema.
    const employees = (await admin("GET", `${WHO}?catalog=hive&schema=hr&table=employees`)).body as Json;
    const inSchema = new Set((schema.users as Json[]).map((u) => u.username));
    for (const u of employees.users as Json[]) expect(inSchema.has(u.username)).toBe(true);
  });

  it("downloads the answer as CSV", async () => {
    const json = (await admin("GET", `${WHO}?catalog=hive&schema=sales&table=customers`)).body as Json;
    const res = await t.app.inject({
      method: "GET",
      url: `${WHO}.csv?catalog=hive&schema=sales&table=customers`,
      headers: { authorization: `Bearer ${await adminToken(t.app)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/who-can-see-hive\.sales\.customers-/);
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toMatch(/^username,enabled,groups,privileges,via,policies/);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual((json.users as Json[]).map((u) => u.username));
  });

  it("refuses a table without its schema and a column without its table, naming the field", async () => {
    const a = await admin("GET", `${WHO}?catalog=hive&table=customers`);
    expect(a.status).toBe(400);
    expect(a.body!.error).toMatch(/query\.schema/);
    const b = await admin("GET", `${WHO}?catalog=hive&schema=sales&column=email`);
    expect(b.status).toBe(400);
    expect(b.body!.error).toMatch(/query\.table/);
    expect((await admin("GET", `${WHO}?schema=sales`)).status).toBe(400);
  });

  it("is refused (403) to a user without policy management, as JSON and as CSV", async () => {
    const plain = caller(t.app, await tokenFor(t.app, "plain", USER_PASSWORD));
    expect((await plain("GET", `${WHO}?catalog=hive&schema=sales&table=customers`)).status).toBe(403);
    expect((await plain("GET", `${WHO}.csv?catalog=hive&schema=sales&table=customers`)).status).toBe(403);
  });
});
