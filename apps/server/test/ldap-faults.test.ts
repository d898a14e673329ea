import { Control } from "ldapts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { PEOPLE, SUFFIX, seedLdif, startSlapd, userEntry, type RunningSlapd } from "./support/slapd.js";
import { startCuttingProxy, type CuttingProxy } from "./support/stand-in.js";
import { api, waitForJob } from "./support/users.js";

/**
 * A real slapd behind a proxy that can cut the connection, and a directory that refers the
 * console elsewhere: a sync fails with a sentence saying what happened, changes nothing, the
 * console keeps answering, and the next sync once the directory answers properly succeeds.
 */
const USERS = Array.from({ length: 60 }, (_, i) => ({ uid: `person${String(i).padStart(2, "0")}` }));
// Lets the directory's root act on a referral entry itself instead of being referred.
const MANAGE_DSA_IT = new Control("2.16.840.1.113730.3.4.2");

describe("directory sync when the directory misbehaves", { timeout: 120_000 }, () => {
  let slapd: RunningSlapd;
  let proxy: CuttingProxy;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    slapd = await startSlapd(seedLdif(USERS, [{ cn: "everyone", members: USERS.map((u) => u.uid) }]));
    proxy = await startCuttingProxy(slapd.port);
    t = await makeApp("pglite", slapd.env({ LDAP_URL: proxy.url("ldap"), LDAP_PAGE_SIZE: "10" }));
    admin = await adminToken(t.app);
    expect((await sync()).status).toBe("completed");
    // slapd, the console and a first sync: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await slapd?.stop();
  });

  async function sync() {
    const res = await api(t.app, admin, "POST", "/sync/now");
    expect(res.status).toBe(202);
    return waitForJob(t.app, admin, res.body.jobId);
  }
  const hasUser = async (username: string) =>
    (await api(t.app, admin, "GET", `/users?searchQuery=${username}&size=50`)).body.items.some(
      (u: { username: string }) => u.username === username,
    );
  async function consoleAnswers(): Promise<void> {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await api(t.app, admin, "GET", "/users?size=10")).status).toBe(200);
  }

  it("a connection closed in the middle of the paged user search fails the sync cleanly", async () => {
    const ldap = await slapd.admin();
    await ldap.add(`uid=newcomer,${PEOPLE}`, userEntry({ uid: "newcomer" }));
    await ldap.unbind();
    // Past the bind and the first pages of users, well before the last one.
    proxy.cutAfter = 4_000;
    try {
      const job = await sync();
      expect(job.status).toBe("failed");
      expect(job.message).toMatch(
        /^The directory at ldap:\/\/127\.0\.0\.1:\d+ closed the connection while the console was trying to list users under ou=people,dc=example,dc=org; nothing was changed\.$/,
      );
      expect(proxy.cuts).toBeGreaterThan(0);
      expect(await hasUser("newcomer")).toBe(false);
      await consoleAnswers();
    } finally {
      proxy.cutAfter = null;
    }
    expect((await sync()).status).toBe("completed");
    expect(await hasUser("newcomer")).toBe(true);
  });

  it("a base that refers to another server fails the sync saying so, and a referral inside is skipped", async () => {
    const ldap = await slapd.admin();
    const moved = `ou=people-moved,${SUFFIX}`;
    await ldap.modifyDN(PEOPLE, "ou=people-moved");
    await ldap.add(PEOPLE, {
      objectClass: ["referral", "extensibleObject"],
      ou: "people",
      ref: "ldap://directory.elsewhere.example.org/ou=people,dc=example,dc=org",
    });
    try {
      const job = await sync();
      expect(job.status).toBe("failed");
      expect(job.message).toBe(
        "The directory referred the console to another server to list users under ou=people,dc=example,dc=org; referrals are not followed, so point LDAP_URL and the base at the server that holds the entries.",
      );
      await consoleAnswers();
    } finally {
      await ldap.del(PEOPLE, MANAGE_DSA_IT);
      await ldap.modifyDN(moved, "ou=people");
    }
    // A referral below the base is a continuation reference: the entries here are synced.
    await ldap.add(`ou=contractors,${PEOPLE}`, {
      objectClass: ["referral", "extensibleObject"],
      ou: "contractors",
      ref: "ldap://directory.elsewhere.example.org/ou=contractors,dc=example,dc=org",
    });
    await ldap.unbind();
    const job = await sync();
    expect(job.status).toBe("completed");
    expect(await hasUser("person59")).toBe(true);
  });
});
