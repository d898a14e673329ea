import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

const AE = `("country" = 'AE')`;
const EMAIL_HASH = 'to_hex(sha256(to_utf8("email")))';
const country = (value: string) => [
  { table: "customers", columnName: "country", columnDataType: "char(2)", filterCondition: "=", value },
];
const evaluateAt = (user: string, table = "customers") =>
  `${ACL}/evaluate?username=${user}&catalog=hive&schema=sales&table=${table}`;

describe.each(DB_KINDS)("published rules mean what the administrator set (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    await seedUser(t.testDb.db, "bob", { groups: ["finance"] });
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("a catalog-wide grant keeps the group's row filter and mask; an ended policy no longer counts", async () => {
    const group = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "analysts AE",
        rowFilters: country("AE"),
        columnDetails: [
          { table: "customers", name: "email", columnDataType: "varchar(255)", type: "predefine", mask: "hash" },
        ],
      }),
    );
    expect(group.status).toBe(201);
    const grant = await call("POST", `${ACL}/add`, {
      policyName: "alice hive",
      category: "catalog",
      catalogName: "hive",
      config: { allow: "all", owner: false },
      assignToUsers: ["alice"],
    });
    expect(grant.status).toBe(201);
    // Ended yesterday, and first in priority: while it was in force its filter decided.
    const ended = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "alice SA, ended",
        priority: 1,
        assignToGroups: [],
        assignToUsers: ["alice"],
        rowFilters: country("SA"),
        columnDetails: [],
        tnc: { startDate: null, endDate: new Date(Date.now() - 86_400_000).toISOString() },
      }),
    );
    expect(ended.status).toBe(201);

    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const served = (await t.app.inject({ url: "/trino/rules.json" })).json();
    expect(served.tables[0]).toMatchObject({
      user: "alice",
      table: "customers",
      filter: AE,
      columns: [{ name: "email", mask: EMAIL_HASH }],
    });
    const seen = await call("GET", evaluateAt("alice"));
    expect(seen.body).toMatchObject({
      privileges: ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP"],
      filter: AE,
    });
    const email = (seen.body!.columns as Array<{ name: string; mask: string | null }>).find((c) => c.name === "email");
    expect(email).toMatchObject({ mask: EMAIL_HASH });
    // Elsewhere in the catalog the grant applies unrestricted.
    expect((await call("GET", evaluateAt("alice", "orders"))).body).toMatchObject({ filter: null, canSelect: true });
  });
});
