import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { describeResult } from "../src/modules/directory-sync/apply.js";
import { ldapSettings } from "../src/modules/directory-sync/ldap-settings.js";
import { normaliseDn, planSync } from "../src/modules/directory-sync/plan.js";
import { isDue } from "../src/modules/directory-sync/schedule.js";

const user = (uid: string, extra: Partial<{ dn: string; username: string }> = {}) => ({
  dn: extra.dn ?? `uid=${uid},ou=people,dc=x`,
  username: extra.username ?? uid,
  firstName: uid,
  lastName: "",
  email: "",
  externalId: null,
});

describe("planning a sync", () => {
  it("keeps valid, unique usernames in lower case and says what it left out", () => {
    const plan = planSync(
      [user("Alice"), user("alice", { dn: "uid=alice2,ou=people,dc=x" }), user("bad:name"), user("", { username: "" })],
      [],
    );
    expect(plan.users.map((u) => u.username)).toEqual(["alice"]);
    expect(plan.skipped).toEqual([
      "user uid=alice2,ou=people,dc=x: username alice is used by another entry",
      "user uid=bad:name,ou=people,dc=x: no valid username",
      "user uid=,ou=people,dc=x: no valid username",
    ]);
  });

  it("reads members as DNs or usernames and expands nested groups, cycles included", () => {
    const plan = planSync(
      [user("ann"), user("bob"), user("cy")],
      [
        { dn: "cn=a,ou=g,dc=x", name: "a", externalId: null, members: ["UID=Ann, OU=People, DC=x", "cn=b,ou=g,dc=x"] },
        {
          dn: "cn=b,ou=g,dc=x",
          name: "b",
          externalId: null,
          members: ["bob", "cn=a,ou=g,dc=x", "uid=ghost,ou=people,dc=x"],
        },
        { dn: "cn=c,ou=g,dc=x", name: "c", externalId: null, members: ["cy"] },
        { dn: "cn=d,ou=g,dc=x", name: "C", externalId: null, members: [] },
        { dn: "cn=e,ou=g,dc=x", name: "e:vil", externalId: null, members: [] },
      ],
    );
    expect(plan.groups.map((g) => [g.name, g.members])).toEqual([
      ["a", ["ann", "bob"]],
      ["b", ["ann", "bob"]],
      ["c", ["cy"]],
    ]);
    expect(plan.skipped).toEqual([
      "group cn=d,ou=g,dc=x: name C is used by another entry",
      "group cn=e,ou=g,dc=x: no valid name",
    ]);
  });

  it("compares DNs without regard to case or spaces", () => {
    expect(normaliseDn(" CN=Data Team , OU=Groups,DC=corp ")).toBe("cn=data team,ou=groups,dc=corp");
  });

  it("describes the outcome in one sentence", () => {
    const base = {
      created: 0,
      updated: 0,
      disabled: [],
      removedGroups: [],
      membershipsAdded: 0,
      membershipsRemoved: 0,
      skipped: [],
    };
    expect(describeResult({ ...base, users: 1, groups: 0 }, "ldap://d")).toBe(
      "Synced 1 user and 0 groups from ldap://d: no changes.",
    );
    expect(
      describeResult(
        { ...base, users: 5, groups: 2, created: 1, disabled: ["x"], skipped: ["a", "b", "c", "d"] },
        "ldap://d",
      ),
    ).toBe(
      "Synced 5 users and 2 groups from ldap://d: 1 user created, 1 disabled (no longer in the directory). 4 entries skipped (a; b; c; …).",
    );
  });
});

describe("LDAP settings", () => {
  it("are absent without LDAP_URL and refuse a URL without its user base", () => {
    expect(ldapSettings(loadConfig({}))).toBeNull();
    expect(() => ldapSettings(loadConfig({ LDAP_URL: "ldap://d:389" }))).toThrow(
      "Invalid configuration: LDAP_USER_BASE is required when LDAP_URL is set",
    );
    expect(() =>
      ldapSettings(loadConfig({ LDAP_URL: "ldap://d:389", LDAP_USER_BASE: "dc=x", LDAP_BIND_DN: "cn=a" })),
    ).toThrow("LDAP_BIND_DN and LDAP_BIND_PASSWORD must be set together");
    expect(() => loadConfig({ LDAP_URL: "http://d" })).toThrow(/LDAP_URL must be an ldap:\/\/ or ldaps:\/\/ URL/);
    expect(() => loadConfig({ SYNC_PERIOD_MINUTES: "60" })).toThrow(/SYNC_PERIOD_MINUTES must be more than 60/);
  });

  it("default the group base to the user base and the filters to common object classes", () => {
    const s = ldapSettings(loadConfig({ LDAP_URL: "ldaps://d:636/", LDAP_USER_BASE: "dc=x" }))!;
    expect(s).toMatchObject({ url: "ldaps://d:636", groupBase: "dc=x", userFilter: "(objectClass=inetOrgPerson)" });
  });
});

describe("the periodic schedule", () => {
  const day = 24 * 60 * 60_000;
  it("is due when it never ran or a whole period has passed", () => {
    const now = Date.now();
    expect(isDue({ periodic: false, periodMinutes: 61 }, null, now)).toBe(false);
    expect(isDue({ periodic: true, periodMinutes: 1440 }, null, now)).toBe(true);
    expect(isDue({ periodic: true, periodMinutes: 1440 }, new Date(now - day + 1000), now)).toBe(false);
    expect(isDue({ periodic: true, periodMinutes: 1440 }, new Date(now - day), now)).toBe(true);
  });
});
