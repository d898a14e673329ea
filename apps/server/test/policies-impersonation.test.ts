import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImpactPreview } from "@console/contracts";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { trinoCompleted } from "./audit-payloads.js";
import { caller } from "./connectors-support.js";
import { ACL, startMetadata } from "./policies-support.js";

const TRINO_TOKEN = "trino-ingest-token-for-impersonation";

/** A query run by `principal` as `user` (what Trino's event says when a service account impersonates). */
function asUser(id: string, principal: string, user: string) {
  const e = trinoCompleted(id, { user, at: new Date(Date.now() - 60_000).toISOString() });
  return { ...e, context: { ...e.context, principal } };
}

describe.each(DB_KINDS)("impersonation in the impact preview (%s)", (db) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(db, { TRINO_INGEST_TOKEN: TRINO_TOKEN }, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice");
    await seedUser(t.testDb.db, "bob");
    await seedUser(t.testDb.db, "superset");
  });
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("lists the service accounts a Sync stops acting as users, with the queries they ran so", async () => {
    const policy = await call("POST", `${ACL}/add`, {
      policyName: "superset acts as analysts",
      category: "impersonation",
      assignToUsers: ["superset"],
      access: { targetUsers: ["alice", "bob"] },
    });
    expect(policy.status).toBe(201);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const ingested = await t.app.inject({
      method: "POST",
      url: "/admin-api/api/v1/ingest/trino",
      headers: { "content-type": "application/json", "X-Trino-Ingest-Token": TRINO_TOKEN },
      payload: JSON.stringify([
        asUser("q1", "superset", "alice"),
        asUser("q2", "superset", "alice"),
        asUser("q3", "superset", "bob"),
        // The same query sent again by Trino counts once; a user's own query is no impersonation.
        asUser("q1", "superset", "alice"),
        trinoCompleted("q4", { user: "alice", at: new Date(Date.now() - 60_000).toISOString() }),
      ]),
    });
    expect(ingested.statusCode).toBe(200);
    const stored = await t.testDb.db.query<{ principal: string | null }>(
      "SELECT principal FROM trino_query_events WHERE query_id = 'q1'",
    );
    expect(stored.rows[0]!.principal).toBe("superset");

    // Narrowed to alice: superset may no longer act as bob.
    const narrowed = await call("PUT", `${ACL}/${policy.body!.id}`, {
      policyName: "superset acts as analysts",
      category: "impersonation",
      assignToUsers: ["superset"],
      access: { targetUsers: ["alice"] },
    });
    expect(narrowed.status).toBe(200);
    const impact = (await call("GET", `${ACL}/impact?window=7`)).body as unknown as ImpactPreview;
    expect(impact.impersonations).toEqual([
      {
        kind: "denied",
        principal: "superset",
        principalExists: true,
        user: "bob",
        queries: 1,
        lastSeen: expect.any(String),
      },
    ]);
    expect(impact.totals).toMatchObject({ impersonationDenied: 1, impersonationDeniedQueries: 1 });
    expect(impact.summary).toContain("1 service account can no longer act as 1 user as 1 query did in the last 7 days");

    // The wizard's preview: an impersonation policy naming nobody is refused, naming the field.
    const wizard = await call("POST", `${ACL}/impact`, {
      window: 7,
      policyId: policy.body!.id,
      policy: {
        policyName: "superset acts as analysts",
        category: "impersonation",
        assignToUsers: ["superset"],
        access: { targetUsers: [] },
      },
    });
    expect(wizard).toMatchObject({ status: 400, body: { field: "policy.access.targetUsers" } });
    const none = await call("POST", `${ACL}/impact`, {
      window: 7,
      policyId: policy.body!.id,
      policy: {
        policyName: "superset acts as analysts",
        category: "impersonation",
        assignToUsers: ["superset"],
        access: { targetUsers: ["alice", "bob"], allow: false },
      },
    });
    expect(none.status).toBe(200);
    // Against the saved policy (alice only): denying both takes away alice; bob was already refused.
    expect((none.body as unknown as ImpactPreview).impersonations.map((c) => [c.kind, c.user, c.queries])).toEqual([
      ["denied", "alice", 2],
    ]);
  });
});
