import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Attribute, Change } from "ldapts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TrinoGroupFile } from "../src/modules/directory-sync/group-file.js";
import { ldapSettings } from "../src/modules/directory-sync/ldap-settings.js";
import { DirectorySync } from "../src/modules/directory-sync/service.js";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, signIn } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { seedUser } from "./support/seed.js";
import { groupDn, seedLdif, startSlapd, userDn, userEntry, type RunningSlapd } from "./support/slapd.js";
import { api, auditsAfter, lastAuditSeq, waitForJob } from "./support/users.js";

const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "trino-groups-")), "group.txt");

const USERS = [
  { uid: "alice", givenName: "Alice", sn: "Archer" },
  { uid: "bob", givenName: "Bob", sn: "Baker" },
  { uid: "carol", givenName: "Carol", sn: "Cook", mail: "carol@example.org" },
  { uid: "erin", givenName: "Erin", sn: "Local Clash" },
];
const GROUPS = [
  { cn: "engineers", members: ["alice", "bob"] },
  // Nested: members of engineers count as analysts too.
  { cn: "analysts", members: ["carol", groupDn("engineers")] },
  { cn: "ldap-admins", members: ["alice"] },
];

describe.each(DB_KINDS)("directory sync from a real slapd (%s)", (kind) => {
  let slapd: RunningSlapd;
  let t: TestApp;
  let admin: string;
  let groupFile: string;
  beforeAll(async () => {
    slapd = await startSlapd(seedLdif(USERS, GROUPS));
    groupFile = tmpFile();
    t = await makeApp(kind, slapd.env({ TRINO_GROUP_FILE: groupFile }));
    // A local user holding a name the directory also has: the sync leaves it alone.
    await seedUser(t.testDb.db, "erin", { groups: ["local-team"] });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await slapd?.stop();
  });

  const sync = async () => {
    const res = await api(t.app, admin, "POST", "/sync/now");
    expect(res.status).toBe(202);
    expect(res.body.message).toBe("Sync started.");
    return { jobId: res.body.jobId as string, job: await waitForJob(t.app, admin, res.body.jobId) };
  };
  const user = async (username: string) =>
    (await api(t.app, admin, "GET", `/users?searchQuery=${username}&size=50`)).body.items.find(
      (u: { username: string }) => u.username === username,
    );
  const members = async (name: string) => {
    const g = (await api(t.app, admin, "GET", `/groups?search=${name}`)).body.items.find(
      (x: { name: string }) => x.name === name,
    );
    return g ? (await api(t.app, admin, "GET", `/groups/${g.id}/users`)).body : null;
  };

  it("creates users, groups and memberships, writes the Trino group file and records each step", async () => {
    const seq = await lastAuditSeq(t.testDb.db);
    const { jobId, job } = await sync();
    expect(job).toMatchObject({ status: "completed", syncedUsers: 3, syncedGroups: 3 });
    expect(job.message).toMatch(/^Synced 3 users and 3 groups from ldap:\/\/127\.0\.0\.1:\d+: 3 users created/);
    expect(job.message).toContain("user erin: a local user has this name");
    expect(await user("alice")).toMatchObject({ source: "ldap", firstName: "Alice", email: "alice@example.org" });
    expect(await user("erin")).toMatchObject({ source: "local", groups: ["local-team"] });
    expect(await members("engineers")).toEqual(["alice", "bob"]);
    expect(await members("analysts")).toEqual(["alice", "bob", "carol"]);
    expect(fs.readFileSync(groupFile, "utf8")).toBe(
      "analysts:alice,bob,carol\nconsole-admins:admin\nengineers:alice,bob\nldap-admins:alice\nlocal-team:erin\n",
    );
    const steps = (await auditsAfter(t.testDb.db, seq)).filter((e) => e.details.jobId === jobId);
    expect(steps.map((e) => [e.source, e.action, e.status, e.username])).toEqual([
      ["user-management-sync", "Sync Initiated", "Started", "admin"],
      ["user-management-sync", "Sync Users and Groups to Trino", "Completed", "admin"],
      ["user-management-sync", "Sync Completed", "Completed", "admin"],
    ]);
    expect(steps[2]!.details).toMatchObject({ jobId, syncedUsers: 3, syncedGroups: 3, message: job.message });
    const status = await api(t.app, admin, "GET", "/sync/status");
    expect(status.body).toMatchObject({ source: "ldap", directoryUrl: slapd.url, lastJob: { id: jobId } });
  });

  it("signs a directory user in with the directory password", async () => {
    expect((await signIn(t.app, "alice", "alice-password")).ok).toBe(true);
    const wrong = await signIn(t.app, "alice", "not-her-password");
    expect(wrong.ok).toBe(false);
    expect(wrong.page).toContain("Invalid username or password.");
  });

  it("follows the directory: departures are disabled, returns re-enabled, edits and memberships updated", async () => {
    const ldap = await slapd.admin();
    await ldap.del(userDn("bob"));
    await ldap.modify(
      userDn("carol"),
      new Change({
        operation: "replace",
        modification: new Attribute({ type: "mail", values: ["carol.cook@example.org"] }),
      }),
    );
    await ldap.modify(
      groupDn("engineers"),
      new Change({ operation: "delete", modification: new Attribute({ type: "member", values: [userDn("bob")] }) }),
    );
    await ldap.del(groupDn("ldap-admins"));
    await ldap.add(userDn("dave"), userEntry({ uid: "dave", givenName: "Dave" }));
    let { job } = await sync();
    expect(job).toMatchObject({ status: "completed", syncedUsers: 3, syncedGroups: 2 });
    expect(job.message).toMatch(
      /1 user created, 1 updated, 1 disabled \(no longer in the directory\), 1 group removed/,
    );
    expect(await user("bob")).toMatchObject({ enabled: false });
    expect(await user("carol")).toMatchObject({ email: "carol.cook@example.org" });
    expect(await members("engineers")).toEqual(["alice"]);
    expect(await members("ldap-admins")).toBeNull();
    expect((await signIn(t.app, "bob", "bob-password")).ok).toBe(false);

    // An administrator's own disabling outlasts a sync; a returning user comes back enabled.
    const carol = await user("carol");
    await api(t.app, admin, "PUT", `/users/${carol.id}/status`, { enabled: false });
    await ldap.add(userDn("bob"), userEntry({ uid: "bob", givenName: "Bob", sn: "Baker" }));
    ({ job } = await sync());
    expect(await user("bob")).toMatchObject({ enabled: true });
    expect(await user("carol")).toMatchObject({ enabled: false });
    await ldap.unbind();
  });

  it("leaves directory users and groups to the directory", async () => {
    const engineers = (await api(t.app, admin, "GET", "/groups?search=engineers")).body.items[0];
    const put = await api(t.app, admin, "PUT", `/groups/${engineers.id}/users`, { usersToAssign: ["erin"] });
    expect(put.body.error).toBe("Group engineers comes from the directory; change its members there.");
    expect((await api(t.app, admin, "DELETE", `/groups/${engineers.id}`)).body.error).toBe(
      "Group engineers comes from the directory; remove it there.",
    );
    const alice = await user("alice");
    const reset = await api(t.app, admin, "POST", `/users/${alice.id}/reset-password`, {
      password: "Some-Temp-Pass-1",
    });
    expect(reset.body.error).toBe("The password of alice is kept by the directory; reset it there.");
    // A directory user may still join a local group.
    const local = (await api(t.app, admin, "GET", "/groups?search=local-team")).body.items[0];
    expect((await api(t.app, admin, "PUT", `/groups/${local.id}/users`, { usersToAssign: ["alice"] })).status).toBe(
      200,
    );
  });

  it("refuses to empty the console when the directory answers with no users", async () => {
    const settings = { ...ldapSettings(t.config)!, userBase: "ou=services,dc=example,dc=org" };
    const wrongBase = new DirectorySync(
      t.services,
      settings,
      new TrinoGroupFile(t.services.db, tmpFile(), t.services.log),
    );
    const before = (await api(t.app, admin, "GET", "/users?status=active")).body.total;
    const { jobId } = await wrongBase.startManual({ username: "admin", ipAddress: null });
    const job = await waitForJob(t.app, admin, jobId);
    expect(job.message).toBe(
      "The directory returned no users under ou=services,dc=example,dc=org; nothing was changed. Check LDAP_USER_BASE and LDAP_USER_FILTER.",
    );
    expect((await api(t.app, admin, "GET", "/users?status=active")).body.total).toBe(before);
  });

  it("runs a periodic sync when one is due, and not before", async () => {
    const scheduler = new DirectorySync(
      t.services,
      ldapSettings(t.config),
      new TrinoGroupFile(t.services.db, tmpFile(), t.services.log),
    );
    const now = Date.now();
    expect(await scheduler.tick(now)).toBeNull(); // periodic sync is off
    expect((await api(t.app, admin, "PUT", "/sync/schedule", { isPeriodicSync: true, syncPeriod: 61 })).status).toBe(
      200,
    );
    const jobId = await scheduler.tick(now + 61 * 60_000);
    expect(jobId).toEqual(expect.any(String));
    expect(await waitForJob(t.app, admin, jobId!)).toMatchObject({ status: "completed" });
    expect((await api(t.app, admin, "GET", `/sync/jobs/${jobId}`)).body).toMatchObject({
      trigger: "periodic",
      startedBy: "system",
    });
    expect(await scheduler.tick(Date.now() + 60 * 60_000)).toBeNull();
    expect(await scheduler.tick(Date.now() + 62 * 60_000)).toEqual(expect.any(String));
    await scheduler.stop();
    await api(t.app, admin, "PUT", "/sync/schedule", { isPeriodicSync: false, syncPeriod: 61 });
  });

  it("runs one sync at a time", async () => {
    const [a, b] = await Promise.all([api(t.app, admin, "POST", "/sync/now"), api(t.app, admin, "POST", "/sync/now")]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.error).toBe("A directory sync is already running.");
    await waitForJob(t.app, admin, (a.status === 202 ? a : b).body.jobId);
  });
});

describe("directory sync failures", () => {
  let slapd: RunningSlapd;
  beforeAll(async () => {
    slapd = await startSlapd(seedLdif(USERS, GROUPS));
  });
  afterAll(() => slapd?.stop());

  async function failedSync(env: Record<string, string>) {
    const t = await makeApp("pglite", { ...env, TRINO_GROUP_FILE: tmpFile() });
    try {
      const admin = await adminToken(t.app);
      const users = (await api(t.app, admin, "GET", "/users")).body.total;
      const seq = await lastAuditSeq(t.testDb.db);
      const res = await api(t.app, admin, "POST", "/sync/now");
      const job = await waitForJob(t.app, admin, res.body.jobId);
      expect((await api(t.app, admin, "GET", "/users")).body.total).toBe(users);
      const events = await auditsAfter(t.testDb.db, seq);
      expect(events.map((e) => [e.action, e.status])).toEqual([
        ["Sync Initiated", "Started"],
        ["Sync Failed", "Failed"],
      ]);
      expect(events[1]!.details).toMatchObject({ jobId: res.body.jobId, message: job.message });
      return { job, t, admin };
    } finally {
      await t.close();
    }
  }

  it("fails the job with a clear message when the directory cannot be reached", async () => {
    const { job } = await failedSync(slapd.env({ LDAP_URL: "ldap://127.0.0.1:1", LDAP_TIMEOUT_MS: "2000" }));
    expect(job).toMatchObject({ status: "failed", syncedUsers: null });
    expect(job.message).toBe("The directory at ldap://127.0.0.1:1 cannot be reached (ECONNREFUSED).");
  });

  it("fails the job with a clear message when the directory refuses the bind", async () => {
    const { job } = await failedSync(slapd.env({ LDAP_BIND_PASSWORD: "wrong" }));
    expect(job.message).toBe(
      "The directory refused the bind of cn=console,ou=services,dc=example,dc=org: invalid credentials.",
    );
  });

  it("says on the sign-in page that the directory cannot check a password", async () => {
    const t = await makeApp("pglite", slapd.env({ LDAP_URL: "ldap://127.0.0.1:1", LDAP_TIMEOUT_MS: "2000" }));
    try {
      await t.testDb.db.query("INSERT INTO users (username, source) VALUES ('alice', 'ldap')");
      const res = await signIn(t.app, "alice", "alice-password");
      expect(res.status).toBe(503);
      expect(res.page).toContain("The directory at ldap://127.0.0.1:1 cannot be reached (ECONNREFUSED).");
    } finally {
      await t.close();
    }
  });
});
