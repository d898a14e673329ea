import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateVendorKeys, signLicence, todayUtc } from "../src/modules/licences/format.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { auditsAfter, lastAuditSeq } from "./support/users.js";

const vendor = generateVendorKeys();
const otherVendor = generateVendorKeys();
const day = (offset: number) => todayUtc(new Date(Date.now() + offset * 86_400_000));
/** The same day as the console writes it in messages: DD-MM-YYYY. */
const consoleDay = (offset: number) => day(offset).split("-").reverse().join("-");

interface Stored {
  serial: string;
  issued: number;
  expires: number;
  status: "active" | "inactive" | "deleted";
  /** Minutes ago it was uploaded: the larger, the older. */
  uploadedAgo: number;
  key?: string;
  altered?: boolean;
}

/**
 * Puts a licence's row as the console keeps it. Expired and future licences cannot be uploaded
 * today, but one uploaded in its time can have expired since, which is what these tests need.
 */
async function store(t: TestApp, l: Stored): Promise<number> {
  const body = {
    serialNumber: l.serial,
    customer: "Acme Ltd",
    issueDate: day(l.issued),
    expiryDate: day(l.expires),
    components: ["trino", "spark-jobs"],
  };
  let text = signLicence(body, l.key ?? vendor.privateKeyPem);
  if (l.altered) text = text.replace('"spark-jobs"', '"spark-jobs", "debezium"');
  const { rows } = await t.testDb.db.query<{ id: string }>(
    `INSERT INTO licences (serial_number, file_name, uploaded_by, uploaded_at, customer, issue_date, expiry_date,
       components, status, license)
     VALUES ($1, $2, 'admin', now() - make_interval(mins => $3), 'Acme Ltd', $4, $5, $6, $7, $8) RETURNING id`,
    [l.serial, `${l.serial}.lic`, l.uploadedAgo, body.issueDate, body.expiryDate, body.components, l.status, text],
  );
  return Number(rows[0]!.id);
}

describe.each(DB_KINDS)("deleting the licence in force (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  const verify = async () =>
    (await t.app.inject({ method: "GET", url: "/license/api/v1/verify", headers: bearer(admin) })).json();
  const statuses = async () =>
    Object.fromEntries(
      (await t.app.inject({ method: "GET", url: "/license/api/v1/uploadHistory", headers: bearer(admin) }))
        .json<Array<{ serialNumber: string; status: string }>>()
        .map((h) => [h.serialNumber, h.status]),
    );
  const remove = async (id: number) => {
    const res = await t.app.inject({ method: "DELETE", url: `/license/api/v1/${id}`, headers: bearer(admin) });
    return { status: res.statusCode, body: res.json<{ message?: string; error?: string }>() };
  };

  beforeAll(async () => {
    t = await makeApp(kind, { LICENSING_ENABLED: "true", LICENSE_PUBLIC_KEY: vendor.publicKey });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.testDb.db.query("DELETE FROM licences");
    await t.services.bus.publish("licence");
  });

  it("puts back the newest earlier licence that is still valid, skipping expired, altered, foreign and future ones", async () => {
    const active = await store(t, { serial: "NOW-1", issued: -5, expires: 30, status: "active", uploadedAgo: 1 });
    await store(t, { serial: "EXPIRED-2", issued: -400, expires: -1, status: "inactive", uploadedAgo: 2 });
    await store(t, {
      serial: "ALTERED-3",
      issued: -9,
      expires: 300,
      status: "inactive",
      uploadedAgo: 3,
      altered: true,
    });
    await store(t, {
      serial: "FOREIGN-4",
      issued: -9,
      expires: 300,
      status: "inactive",
      uploadedAgo: 4,
      key: otherVendor.privateKeyPem,
    });
    await store(t, { serial: "FUTURE-5", issued: 2, expires: 300, status: "inactive", uploadedAgo: 5 });
    await store(t, { serial: "GOOD-6", issued: -60, expires: 90, status: "inactive", uploadedAgo: 6 });
    await store(t, { serial: "OLDER-7", issued: -90, expires: 200, status: "inactive", uploadedAgo: 7 });
    await t.services.bus.publish("licence");
    expect(await verify()).toEqual({ valid: true, daysToExpiry: 30 });
    const seq = await lastAuditSeq(t.testDb.db);

    const res = await remove(active);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `License NOW-1 deleted. License GOOD-6 is in force again; it is valid until ${consoleDay(90)}.`,
    );
    expect(await verify()).toEqual({ valid: true, daysToExpiry: 90 });
    expect(await statuses()).toEqual({
      "NOW-1": "deleted",
      "EXPIRED-2": "inactive",
      "ALTERED-3": "inactive",
      "FOREIGN-4": "inactive",
      "FUTURE-5": "inactive",
      "GOOD-6": "active",
      "OLDER-7": "inactive",
    });
    const [event, ...more] = await auditsAfter(t.testDb.db, seq);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      source: "settings-licenses",
      action: "Delete License",
      subject_name: "NOW-1",
      summary: "License NOW-1 deleted; License GOOD-6 is in force again",
      details: {
        reinstated: "GOOD-6",
        changeSet: [
          { column: "status", oldVal: "active", newVal: "deleted" },
          { column: "in force", oldVal: "NOW-1", newVal: "GOOD-6" },
        ],
      },
    });
  });

  it("leaves the console unlicensed when no earlier licence is still valid", async () => {
    const active = await store(t, { serial: "ONLY-1", issued: -5, expires: 30, status: "active", uploadedAgo: 1 });
    await store(t, { serial: "GONE-2", issued: -400, expires: -3, status: "inactive", uploadedAgo: 2 });
    await store(t, { serial: "DELETED-3", issued: -9, expires: 300, status: "deleted", uploadedAgo: 3 });
    await t.services.bus.publish("licence");
    const res = await remove(active);
    expect(res.body).toEqual({ message: "License ONLY-1 deleted." });
    expect(await verify()).toEqual({ valid: false, daysToExpiry: 0 });
    expect(await statuses()).toEqual({ "ONLY-1": "deleted", "GONE-2": "inactive", "DELETED-3": "deleted" });
  });

  it("keeps the licence in force when an earlier one is deleted", async () => {
    await store(t, { serial: "KEPT-1", issued: -5, expires: 30, status: "active", uploadedAgo: 1 });
    const earlier = await store(t, {
      serial: "EARLIER-2",
      issued: -9,
      expires: 300,
      status: "inactive",
      uploadedAgo: 2,
    });
    await store(t, { serial: "EARLIER-3", issued: -9, expires: 300, status: "inactive", uploadedAgo: 3 });
    await t.services.bus.publish("licence");
    const seq = await lastAuditSeq(t.testDb.db);
    expect((await remove(earlier)).body).toEqual({ message: "License EARLIER-2 deleted." });
    expect(await verify()).toEqual({ valid: true, daysToExpiry: 30 });
    expect(await statuses()).toEqual({ "KEPT-1": "active", "EARLIER-2": "deleted", "EARLIER-3": "inactive" });
    expect(await auditsAfter(t.testDb.db, seq)).toMatchObject([
      { details: { changeSet: [{ column: "status", oldVal: "inactive", newVal: "deleted" }] } },
    ]);
  });
});
