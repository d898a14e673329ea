import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrinoRules } from "@console/contracts";
import { Metadata } from "../src/modules/policies/metadata.js";
import { PublicationService } from "../src/modules/policies/publish.js";
import type { Db } from "../src/platform/db/index.js";
import { openPostgres } from "../src/platform/db/postgres.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, policyAudit, startMetadata, tablePolicy } from "./policies-support.js";

const RULES_TOKEN = "rules-token-for-the-period-tests";
const MINUTE = 60_000;
/** Far enough ahead that the app's own minute check, at the real time, never reaches it during a test. */
const SOON = 10 * MINUTE;

/** A publication service as the scheduled check runs it (it needs neither Trino nor the data catalogue). */
const scheduledOn = (t: TestApp, db: Db) =>
  new PublicationService(
    db,
    t.services.bus,
    () => {
      throw new Error("the scheduled check does not read the data catalogue");
    },
    new Metadata(null, 1000, []),
  );

describe.each(DB_KINDS)("access periods end and start on time (%s)", (kind) => {
  let t: TestApp;
  let meta: Awaited<ReturnType<typeof startMetadata>>;
  let call: ReturnType<typeof caller>;
  /** Another replica's publication service, as the scheduled check runs it. */
  let scheduled: PublicationService;

  const served = async () => {
    const res = await t.app.inject({ url: `/trino/rules.json?token=${RULES_TOKEN}` });
    expect(res.statusCode).toBe(200);
    return { number: Number(res.headers["x-publication"]), rules: res.json<TrinoRules>() };
  };
  const grants = (rules: TrinoRules, user: string, table: string) =>
    rules.tables.find((r) => r.user === user && r.table === table)?.privileges ?? [];
  const canSelect = async (user: string, table: string) =>
    (await call("GET", `${ACL}/evaluate?username=${user}&catalog=hive&schema=sales&table=${table}`)).body!.canSelect;

  beforeAll(async () => {
    meta = await startMetadata();
    t = await makeApp(kind, { TRINO_RULES_TOKEN: RULES_TOKEN }, { sandbox: { urls: meta.urls } });
    call = caller(t.app, await adminToken(t.app));
    await seedUser(t.testDb.db, "alice");
    await seedUser(t.testDb.db, "bob");
    await seedUser(t.testDb.db, "carol");
    scheduled = scheduledOn(t, t.services.db);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await meta.stop();
  });

  it("drops a policy from the served rules when its period ends, audited as Policy Expired, without a Sync", async () => {
    const base = { columnDetails: [], rowFilters: [], assignToGroups: [] };
    const endsSoon = new Date(Date.now() + SOON).toISOString();
    const temporary = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({ ...base, policyName: "alice for a minute", assignToUsers: ["alice"], tnc: { endDate: endsSoon } }),
    );
    expect(temporary.status).toBe(201);
    const lasting = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({ ...base, policyName: "carol lasting", tables: ["orders"], assignToUsers: ["carol"] }),
    );
    expect(lasting.status).toBe(201);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const before = await served();
    expect(grants(before.rules, "alice", "customers")).toEqual(["SELECT"]);
    expect(await canSelect("alice", "customers")).toBe(true);

    // An edit nobody has synced yet must not reach Trino through the scheduled publication.
    const edited = await call(
      "PUT",
      `${ACL}/${lasting.body!.id as number}`,
      tablePolicy({ ...base, policyName: "carol lasting", tables: ["orders"], assignToUsers: ["carol", "bob"] }),
    );
    expect(edited.status).toBe(200);

    // Before the end nothing changes.
    expect(await scheduled.applyPeriods(Date.now())).toBeNull();
    expect((await served()).number).toBe(before.number);

    // A minute after the end, the scheduled check publishes without the expired policy.
    const result = await scheduled.applyPeriods(Date.now() + SOON + MINUTE);
    expect(result).toMatchObject({ publication: { number: before.number + 1, createdBy: "system" }, expired: 1 });
    const after = await served();
    expect(after.number).toBe(before.number + 1);
    expect(grants(after.rules, "alice", "customers")).toEqual([]);
    expect(await canSelect("alice", "customers")).toBe(false);
    expect(grants(after.rules, "carol", "orders")).toEqual(["SELECT"]);
    expect(grants(after.rules, "bob", "orders")).toEqual([]);

    const [expired] = await policyAudit(t.testDb.db, "Policy Expired");
    expect(expired).toMatchObject({ subject_name: "alice for a minute", details: { endDate: endsSoon } });
    const syncs = await policyAudit(t.testDb.db, "Sync");
    expect(syncs.at(-1)!.details).toMatchObject({
      publication: after.number,
      trigger: "access-period",
      ended: [temporary.body!.id],
      started: [],
    });

    // Already applied: a second run (another replica, the next minute) publishes nothing more.
    expect(await scheduled.applyPeriods(Date.now() + SOON + 2 * MINUTE)).toBeNull();
    expect((await policyAudit(t.testDb.db, "Policy Expired")).length).toBe(1);
    // The edit is still waiting for a sync.
    const list = (await call("GET", `${ACL}?search=carol`)).body!.items as Array<{ syncStatus: string }>;
    expect(list[0]!.syncStatus).toBe("readyToSync");
  });

  it("adds a policy to the served rules when its period starts", async () => {
    const startsSoon = new Date(Date.now() + SOON).toISOString();
    const later = await call(
      "POST",
      `${ACL}/add`,
      tablePolicy({
        policyName: "bob from next minute",
        columnDetails: [],
        rowFilters: [],
        assignToGroups: [],
        assignToUsers: ["bob"],
        tnc: { startDate: startsSoon, endDate: null },
      }),
    );
    expect(later.status).toBe(201);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    expect(grants((await served()).rules, "bob", "customers")).toEqual([]);
    expect(await canSelect("bob", "customers")).toBe(false);

    const result = await scheduled.applyPeriods(Date.now() + SOON + MINUTE);
    expect(result).not.toBeNull();
    expect(grants((await served()).rules, "bob", "customers")).toEqual(["SELECT"]);
    expect(await canSelect("bob", "customers")).toBe(true);
    const syncs = await policyAudit(t.testDb.db, "Sync");
    // Alice's minute (from the test above, synced again) has ended by then as well.
    expect(syncs.at(-1)!.details).toMatchObject({ trigger: "access-period", started: [later.body!.id] });
  });
});

describe("an access period ending on two replicas at the same tick", () => {
  let t: TestApp;
  let other: Db;
  beforeAll(async () => {
    t = await makeApp("postgres", { TRINO_RULES_TOKEN: RULES_TOKEN });
    other = await openPostgres(t.testDb.url!, 5);
    await seedUser(t.testDb.db, "alice");
  }, 180_000);
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("publishes once and audits the expiry once", async () => {
    const call = caller(t.app, await adminToken(t.app));
    const policy = tablePolicy({
      columnDetails: [],
      rowFilters: [],
      assignToGroups: [],
      assignToUsers: ["alice"],
      tnc: { endDate: new Date(Date.now() + SOON).toISOString() },
    });
    expect((await call("POST", `${ACL}/add`, policy)).status).toBe(201);
    expect((await call("PUT", `${ACL}/sync`)).status).toBe(200);
    const later = Date.now() + SOON + MINUTE;
    const results = await Promise.all([
      scheduledOn(t, t.services.db).applyPeriods(later),
      scheduledOn(t, other).applyPeriods(later),
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const { rows } = await t.testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM policy_publications");
    expect(rows[0]!.n).toBe(2);
    expect(await policyAudit(t.testDb.db, "Policy Expired")).toHaveLength(1);
  });
});
