import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateVendorKeys, signLicence, todayUtc } from "../src/modules/licences/format.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";
import { auditsAfter, lastAuditSeq } from "./support/users.js";

const vendor = generateVendorKeys();
const otherVendor = generateVendorKeys();

const day = (offset: number) => todayUtc(new Date(Date.now() + offset * 86_400_000));
/** The same day as the console writes it in messages: DD-MM-YYYY. */
const consoleDay = (offset: number) => day(offset).split("-").reverse().join("-");

function licence(opts: { serial: string; issued?: number; expires: number; components?: string[]; key?: string }) {
  return signLicence(
    {
      serialNumber: opts.serial,
      customer: "Acme Ltd",
      issueDate: day(opts.issued ?? -1),
      expiryDate: day(opts.expires),
      components: opts.components ?? ["trino", "spark-jobs"],
    },
    opts.key ?? vendor.privateKeyPem,
  );
}

interface Part {
  field: string;
  file?: { name: string; text: string };
  value?: string;
}

async function upload(t: TestApp, token: string, parts: Part[]) {
  const form = new FormData();
  for (const p of parts) {
    if (p.file) form.append(p.field, new Blob([p.file.text]), p.file.name);
    else form.append(p.field, p.value ?? "");
  }
  const req = new Request("http://x", { method: "POST", body: form });
  const res = await t.app.inject({
    method: "POST",
    url: "/license/api/v1/upload",
    headers: { ...bearer(token), "content-type": req.headers.get("content-type")! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as { message?: string; error?: string; field?: string } };
}

const file = (text: string, name = "acme.lic") => ({ field: "licenseKey", file: { name, text } });

describe.each(DB_KINDS)("licences (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  const get = async (url: string, token = admin) => {
    const res = await t.app.inject({ method: "GET", url, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() };
  };
  const verify = async () => (await get("/license/api/v1/verify")).body as { valid: boolean; daysToExpiry: number };
  const unlicensed = async () => (await get("/admin-api/api/v1/componentList")).body.unlicensedComponents as string[];

  beforeAll(async () => {
    t = await makeApp(kind, { LICENSING_ENABLED: "true", LICENSE_PUBLIC_KEY: vendor.publicKey });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it("starts with no licence: invalid, and every licensed component unlicensed", async () => {
    expect(await verify()).toEqual({ valid: false, daysToExpiry: 0 });
    expect(await unlicensed()).toEqual(expect.arrayContaining(["trino", "spark-jobs", "flink-jobs", "debezium"]));
    expect((await get("/license/api/v1/uploadHistory")).body).toEqual([]);
  });

  it("installs a signed licence, records it with its audit event, and licenses what it names", async () => {
    const seq = await lastAuditSeq(t.testDb.db);
    const text = licence({ serial: "PCL-1", expires: 200 });
    const res = await upload(t, admin, [file(text), { field: "descEn", value: "First year" }]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`License PCL-1 for Acme Ltd is installed; it is valid until ${consoleDay(200)}.`);
    expect(await verify()).toEqual({ valid: true, daysToExpiry: 200 });
    const left = await unlicensed();
    expect(left).not.toContain("trino");
    expect(left).not.toContain("spark-jobs");
    expect(left).toEqual(expect.arrayContaining(["flink-jobs", "debezium"]));
    const history = (await get("/license/api/v1/uploadHistory")).body;
    expect(history).toMatchObject([
      {
        serialNumber: "PCL-1",
        fileName: "acme.lic",
        descEn: "First year",
        uploadedBy: "admin",
        customer: "Acme Ltd",
        issueDate: day(-1),
        expiryDate: day(200),
        status: "active",
        statusEn: "Active",
        license: text,
      },
    ]);
    expect(await auditsAfter(t.testDb.db, seq)).toMatchObject([
      { source: "settings-licenses", action: "Upload License", subject_name: "PCL-1", status: "success" },
    ]);
  });

  it("replaces the licence in force with a newer one, which then sets the expiry", async () => {
    const res = await upload(t, admin, [
      file(licence({ serial: "PCL-2", expires: 12, components: ["trino", "flink-jobs", "debezium", "spark-jobs"] })),
    ]);
    expect(res.status).toBe(200);
    expect(await verify()).toEqual({ valid: true, daysToExpiry: 12 });
    expect(await unlicensed()).toEqual([]);
    const history = (await get("/license/api/v1/uploadHistory")).body as Array<{
      serialNumber: string;
      status: string;
    }>;
    expect(history.map((h) => [h.serialNumber, h.status])).toEqual([
      ["PCL-2", "active"],
      ["PCL-1", "inactive"],
    ]);
  });

  it.each([
    [
      "altered",
      () => licence({ serial: "PCL-3", expires: 90 }).replace("Acme Ltd", "Acme Global"),
      /altered after it was signed/,
    ],
    [
      "signed by another vendor key",
      () => licence({ serial: "PCL-4", expires: 90, key: otherVendor.privateKeyPem }),
      /signed by a different vendor key/,
    ],
    [
      "expired",
      () => licence({ serial: "PCL-5", issued: -400, expires: -2 }),
      new RegExp(`expired on ${consoleDay(-2)}`),
    ],
    ["not yet in force", () => licence({ serial: "PCL-6", issued: 3, expires: 90 }), /takes effect on/],
    ["not a licence", () => "just some text", /not a Platform Console licence/],
    ["JSON but not a licence", () => JSON.stringify({ hello: "world" }), /not a Platform Console licence/],
  ])("refuses a licence that is %s, and changes nothing", async (_what, make, message) => {
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await upload(t, admin, [file(make())]);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("body.licenseKey");
    expect(res.body.error).toMatch(message);
    expect(await verify()).toEqual({ valid: true, daysToExpiry: 12 });
    expect(await auditsAfter(t.testDb.db, seq)).toEqual([]);
  });

  it("refuses a licence uploaded twice", async () => {
    const res = await upload(t, admin, [file(licence({ serial: "PCL-2", expires: 30 }))]);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("License PCL-2 has already been uploaded.");
  });

  it.each([
    ["no file", [{ field: "descEn", value: "x" }], "body.licenseKey", "Choose a licence file to upload."],
    [
      "two files",
      [file(licence({ serial: "PCL-7", expires: 9 })), file(licence({ serial: "PCL-8", expires: 9 }))],
      "body.licenseKey",
      "Upload exactly one licence file.",
    ],
    [
      "a file of another kind",
      [file(licence({ serial: "PCL-9", expires: 9 }), "acme.txt")],
      "body.licenseKey",
      "The licence file must be a .lic or .license file.",
    ],
    [
      "a description over 250 characters",
      [file(licence({ serial: "PCL-10", expires: 9 }), "acme.license"), { field: "descEn", value: "d".repeat(251) }],
      "body.descEn",
      "The description must be at most 250 characters.",
    ],
    [
      "a file too large to be a licence",
      [file("x".repeat(70 * 1024))],
      "body.licenseKey",
      "The file is larger than 64 KB; it is not a licence.",
    ],
  ])("refuses an upload with %s", async (_what, parts, field, error) => {
    const res = await upload(t, admin, parts as Part[]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field, error });
  });

  it("refuses a body that is not multipart", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/license/api/v1/upload",
      headers: bearer(admin),
      payload: { licenseKey: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Send the licence as multipart/form-data.");
  });

  it("counts a licence edited in the database as no licence", async () => {
    await t.testDb.db.query(
      "UPDATE licences SET license = replace(license, '\"debezium\",', '\"debezium\", \"extra\",') WHERE status = 'active'",
    );
    await t.services.bus.publish("licence");
    expect((await verify()).valid).toBe(false);
    await t.testDb.db.query(
      'UPDATE licences SET license = replace(license, \'"debezium", "extra",\', \'"debezium",\')',
    );
    await t.services.bus.publish("licence");
    expect((await verify()).valid).toBe(true);
  });

  it("withdraws the licence in force: it stays in the history as deleted, and the earlier one still valid returns", async () => {
    const history = (await get("/license/api/v1/uploadHistory")).body as Array<{ id: number; serialNumber: string }>;
    const active = history.find((h) => h.serialNumber === "PCL-2")!;
    const seq = await lastAuditSeq(t.testDb.db);
    const res = await t.app.inject({ method: "DELETE", url: `/license/api/v1/${active.id}`, headers: bearer(admin) });
    expect(res.json()).toEqual({
      message: `License PCL-2 deleted. License PCL-1 is in force again; it is valid until ${consoleDay(200)}.`,
    });
    expect(await verify()).toEqual({ valid: true, daysToExpiry: 200 });
    expect(await unlicensed()).toContain("debezium");
    const again = await t.app.inject({ method: "DELETE", url: `/license/api/v1/${active.id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(400);
    expect(await auditsAfter(t.testDb.db, seq)).toMatchObject([{ action: "Delete License", subject_name: "PCL-2" }]);
    const after = (await get("/license/api/v1/uploadHistory")).body as Array<{ serialNumber: string; status: string }>;
    expect(after.find((h) => h.serialNumber === "PCL-2")).toMatchObject({ status: "deleted", statusEn: "Deleted" });
    expect(after.find((h) => h.serialNumber === "PCL-1")).toMatchObject({ status: "active" });
  });

  it("withdraws the last licence: the console is unlicensed", async () => {
    const history = (await get("/license/api/v1/uploadHistory")).body as Array<{ id: number; serialNumber: string }>;
    const last = history.find((h) => h.serialNumber === "PCL-1")!;
    const res = await t.app.inject({ method: "DELETE", url: `/license/api/v1/${last.id}`, headers: bearer(admin) });
    expect(res.json()).toEqual({ message: "License PCL-1 deleted." });
    expect(await verify()).toEqual({ valid: false, daysToExpiry: 0 });
    expect(await unlicensed()).toContain("trino");
  });

  it("lets every signed-in user verify, and only settings users upload or read the history", async () => {
    await seedUser(t.testDb.db, "lena");
    await assignMenus(t.testDb.db, "lena", ["audits"]);
    const lena = await tokenFor(t.app, "lena", USER_PASSWORD);
    expect((await get("/license/api/v1/verify", lena)).status).toBe(200);
    expect((await get("/license/api/v1/uploadHistory", lena)).status).toBe(403);
    expect((await upload(t, lena, [file(licence({ serial: "PCL-11", expires: 9 }))])).status).toBe(403);
  });
});

describe("licensing off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite");
  });
  afterAll(() => t.close());

  it("answers the licence routes with 404 and licenses every component", async () => {
    const admin = await adminToken(t.app);
    for (const url of ["/license/api/v1/verify", "/license/api/v1/uploadHistory"]) {
      const res = await t.app.inject({ method: "GET", url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(404);
    }
    const list = await t.app.inject({ method: "GET", url: "/admin-api/api/v1/componentList", headers: bearer(admin) });
    expect(list.json().unlicensedComponents).toEqual([]);
  });
});

describe("the vendor's licence tool", () => {
  it("signs a licence that the console accepts with the printed public key", async () => {
    const { execFileSync } = await import("node:child_process");
    const dir = fs.mkdtempSync("/tmp/pc-licence-");
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ["--import", "tsx", "scripts/licence/issue.ts", ...args], { encoding: "utf8" });
    const out = run("keygen", "--out", dir);
    const publicKey = /LICENSE_PUBLIC_KEY=(\S+)/.exec(out)![1]!;
    run(
      "sign",
      "--key",
      `${dir}/licence-signing.key`,
      "--customer",
      "Tool Co",
      "--expires",
      day(40),
      "--components",
      "trino",
      "--out",
      `${dir}/t.lic`,
    );
    const t = await makeApp("pglite", { LICENSING_ENABLED: "true", LICENSE_PUBLIC_KEY: publicKey });
    try {
      const admin = await adminToken(t.app);
      const res = await upload(t, admin, [file(fs.readFileSync(`${dir}/t.lic`, "utf8"), "t.lic")]);
      expect(res.status).toBe(200);
      const check = await t.app.inject({ method: "GET", url: "/license/api/v1/verify", headers: bearer(admin) });
      expect(check.json()).toEqual({ valid: true, daysToExpiry: 40 });
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("licence configuration", () => {
  it("needs an Ed25519 public key when licensing is on", async () => {
    const { loadConfig } = await import("../src/config.js");
    expect(() => loadConfig({ LICENSING_ENABLED: "true" })).toThrow(
      "Invalid configuration: LICENSE_PUBLIC_KEY is required when LICENSING_ENABLED is true",
    );
    expect(() => loadConfig({ LICENSE_PUBLIC_KEY: "not-a-key" })).toThrow(
      "Invalid configuration: LICENSE_PUBLIC_KEY must be an Ed25519 public key (PEM or one line of base64 SPKI)",
    );
    const pem = `-----BEGIN PUBLIC KEY-----\\n${vendor.publicKey}\\n-----END PUBLIC KEY-----`;
    expect(loadConfig({ LICENSING_ENABLED: "true", LICENSE_PUBLIC_KEY: pem }).LICENSING_ENABLED).toBe(true);
  });
});
