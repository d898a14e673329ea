import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata, tablePolicy } from "./policies-support.js";

describe.each(DB_KINDS)("deleted policies on the list (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, {}, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    for (const name of ["kept policy", "gone policy"])
      expect((await call("POST", `${ACL}/add`, tablePolicy({ policyName: name }))).status).toBe(201);
    const gone = (await call("GET", `${ACL}?search=gone`)).body as { items: Array<{ id: number }> };
    expect((await call("DELETE", `${ACL}/${gone.items[0]!.id}`)).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  // The console's own default policies are listed too; these tests are about the administrators'.
  const names = async (query: string) =>
    (
      (await call("GET", `${ACL}${query}`)).body as {
        items: Array<{ policyName: string; state: string; systemPolicy: boolean }>;
      }
    ).items
      .filter((p) => !p.systemPolicy)
      .map((p) => `${p.policyName}:${p.state}`);

  it("leaves deleted policies out by default and shows them with the Deleted quick filter", async () => {
    expect(await names("")).toEqual(["kept policy:enabled"]);
    expect(await names("?quick=notSynced")).toEqual(["kept policy:enabled"]);
    expect(await names("?quick=deleted")).toEqual(["gone policy:deleted"]);
    // Asking for the deleted state in the advanced filter shows them too.
    expect(await names("?state=deleted")).toEqual(["gone policy:deleted"]);
    expect(await names("?quick=deleted&state=enabled")).toEqual([]);
  });

  it("refuses an unknown quick filter naming the field", async () => {
    const res = await call("GET", `${ACL}?quick=gone`);
    expect(res).toMatchObject({ status: 400, body: { field: "query.quick" } });
  });
});
