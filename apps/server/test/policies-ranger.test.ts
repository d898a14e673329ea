import { describe, expect, it } from "vitest";
import { DocumentPolicy, type Privilege } from "@console/contracts";
import { compilePolicies } from "../src/modules/policies/compile.js";
import { evaluate } from "../src/modules/policies/evaluate.js";
import { mapRanger } from "../src/modules/policies/code/ranger.js";
import { RANGER_EXPORT, simTypes } from "./ranger-support.js";

/** The directory: who is in which group (roles imported as groups). */
const MEMBERS = new Map([
  ["analysts", ["alice", "carol"]],
  ["contractors", ["carol"]],
  ["finance", ["bob"]],
  ["hr", ["erin"]],
  ["auditors", ["frank"]],
]);
const groupsOf = (user: string) => [...MEMBERS].filter(([, users]) => users.includes(user)).map(([g]) => g);

async function imported() {
  const { candidates, notes } = await mapRanger(JSON.parse(RANGER_EXPORT) as { policies: unknown[] }, {
    hiveCatalog: "hive",
    columnTypes: simTypes,
  });
  const policies = candidates.map((c, i) => ({
    ...DocumentPolicy.parse({ ...(c.value as object), priority: i + 1 }),
    id: i + 1,
  }));
  const rules = compilePolicies(
    policies.filter((p) => p.state === "enabled"),
    MEMBERS,
  );
  expect(rules.problems).toEqual([]);
  const see = (user: string, catalog: string, schema: string, table: string) =>
    evaluate(rules.rules, { user, groups: groupsOf(user) }, catalog, schema, table);
  return { policies, notes, see };
}

/** What Ranger allows, written by hand from Ranger's rules (deny over allow; first mask item that matches). */
const RANGER: Array<[user: string, table: string, privileges: Privilege[]]> = [
  ["alice", "hive.sales.customers", ["SELECT"]],
  ["alice", "hive.sales.orders", ["SELECT"]],
  ["bob", "hive.sales.customers", ["SELECT", "DELETE", "UPDATE"]],
  ["bob", "iceberg.finance.ledger", ["SELECT", "INSERT", "DELETE", "UPDATE"]],
  ["carol", "iceberg.finance.ledger", []],
  ["dave", "hive.sales.customers", ["SELECT"]],
  ["dave", "hive.sales.orders", []],
  ["dave", "hive.marketing.leads", ["SELECT"]],
  ["erin", "hive.hr.employees", ["SELECT"]],
  ["alice", "hive.hr.departments", ["SELECT"]],
  ["alice", "hive.hr.employees", []],
  ["alice", "hive.sales.returns", []],
  ["dave", "hive.marketing.campaigns", ["SELECT"]],
];

describe("import from Apache Ranger", () => {
  it("allows no user more than Ranger does, and exactly as much where the mapping is exact", async () => {
    const { see } = await imported();
    for (const [user, table, ranger] of RANGER) {
      const [c, s, t] = table.split(".") as [string, string, string];
      const got = see(user, c, s, t).privileges;
      expect(ranger, `${user} on ${table}: ${got.join(",")}`).toEqual(expect.arrayContaining([...got]));
    }
    // Mapped exactly: allow items, roles as groups, Hive's database as the configured catalog.
    expect(see("alice", "hive", "sales", "customers").privileges).toEqual(["SELECT"]);
    expect(see("bob", "hive", "sales", "customers").privileges).toEqual(["SELECT", "DELETE", "UPDATE"]);
    expect(see("dave", "hive", "sales", "customers").privileges).toEqual(["SELECT"]);
    expect(see("frank", "hive", "sales", "customers").privileges).toEqual(["SELECT"]);
    expect(see("erin", "hive", "hr", "employees").privileges).toEqual(["SELECT"]);
    expect(see("dave", "hive", "marketing", "campaigns").privileges).toEqual(["SELECT"]); // a Presto service
    // Stricter: the deny to a group takes SELECT from the finance grant (the console has no deny),
    // deny-all-else takes away the public grant on hr, and the excluded-schema grant is not imported.
    expect(see("bob", "iceberg", "finance", "ledger").privileges).toEqual(["INSERT", "DELETE", "UPDATE"]);
    expect(see("alice", "hive", "hr", "departments").privileges).toEqual([]);
    expect(see("dave", "hive", "marketing", "leads").privileges).toEqual([]);
  });

  it("maps every Ranger mask type to the console's masks, per user as Ranger's first matching item", async () => {
    const { see, policies } = await imported();
    const alice = see("alice", "hive", "sales", "customers").columns;
    const mask = (m: Map<string, { mask: string | null }>, c: string) => m.get(c)?.mask ?? null;
    expect(mask(alice, "email")).toMatch(/sha256/i);
    expect(mask(alice, "national_id")).toContain("regexp_replace");
    expect(mask(alice, "phone")).toBeTruthy();
    expect(mask(alice, "first_name")).toBeTruthy();
    expect(mask(alice, "birth_date")).toMatch(/year/i);
    expect(mask(alice, "credit_limit")).toMatch(/null/i);
    expect(mask(alice, "last_name")).toBe(`substr("last_name", 1, 1) || '***'`);
    expect(mask(alice, "id")).toBeNull();
    // MASK_NONE for bob comes first: he sees e-mail addresses; the public masks still hold for him.
    const bob = see("bob", "hive", "sales", "customers").columns;
    expect(mask(bob, "email")).toBeNull();
    expect(mask(bob, "phone")).toBeTruthy();
    const kinds = policies.flatMap((p) =>
      p.columnDetails.map((m) => `${m.name}:${m.type}:${m.type === "custom" ? "" : m.mask}`),
    );
    expect(new Set(kinds)).toEqual(
      new Set([
        "email:predefine:hash",
        "national_id:custom:",
        "phone:predefine:showLast4",
        "first_name:predefine:showFirst4",
        "birth_date:predefine:dateTruncYear",
        "credit_limit:predefine:nullify",
        "last_name:custom:",
      ]),
    );
  });

  it("keeps row filters, validity schedules and the enabled state", async () => {
    const { see, policies } = await imported();
    expect(see("alice", "hive", "sales", "orders").filter).toContain("status <> 'cancelled'");
    expect(see("alice", "hive", "sales", "customers").filter).toBeNull();
    const sales = policies.find((p) => p.policyName === "sales team")!;
    expect(sales.tnc).toMatchObject({ startDate: "2025-12-31T20:00:00.000Z", endDate: "2030-12-31T19:59:59.000Z" });
    expect(policies.find((p) => p.policyName === "retired returns")).toMatchObject({ state: "disabled" });
  });

  it("lists per Ranger policy what could not be mapped, never silently", async () => {
    const { notes } = await imported();
    const of = (name: string) => notes.find((n) => n.source.endsWith(`(${name})`))?.messages.join(" | ") ?? "";
    expect(of("all - catalog")).toMatch(/rights on catalogs or schemas themselves/);
    expect(of("finance tables")).toMatch(/deny exceptions/);
    expect(of("finance tables")).toMatch(/SELECT on iceberg\.finance\.\* removed/);
    expect(of("finance tables")).toMatch(/access use has no console counterpart/);
    expect(of("pii tag")).toMatch(/tag-based policies are refused/);
    expect(of("orders from the office")).toMatch(/conditions/);
    expect(of("all but hr")).toMatch(/isExcludes/);
    expect(of("hr for everyone")).toMatch(/denies everyone it does not list/);
    expect(of("dave customers")).toMatch(/role auditors was imported as group auditors/);
    expect(of("dave customers")).toMatch(/delegate admin/);
    // A note about a mask or filter is filed under the Ranger policy it comes from, not the grant's.
    expect(of("open orders")).toMatch(/row filter of sales\.orders applies to every user of sales team 2/);
    expect(of("sales team")).not.toMatch(/row filter|mask/);
    expect(of("email hash")).toMatch(/mask item 1 \(MASK_NONE\) shows sales\.customers\.email unmasked to bob/);
    expect(of("hr employees")).toMatch(/deny all else took SELECT on hive\.hr\.\* from every user of hr for everyone/);
  });

  it("notes an entry that is not a policy instead of failing", async () => {
    const { candidates, notes } = await mapRanger({ policies: [null, 7] }, { hiveCatalog: "hive" });
    expect(candidates).toEqual([]);
    expect(notes.map((n) => n.messages)).toEqual([
      ["not a Ranger policy object: not imported"],
      ["not a Ranger policy object: not imported"],
    ]);
  });
});

/** Ranger's Trino resources beyond tables, each with an allow, a deny or an exception. */
const RULES_EXPORT = {
  metaDataInfo: { "Ranger apache version": "2.5.0" },
  policies: [
    {
      name: "airflow impersonates",
      serviceType: "trino",
      resources: { trinouser: { values: ["*"] } },
      policyItems: [{ users: ["airflow"], accesses: [{ type: "impersonate", isAllowed: true }] }],
      denyPolicyItems: [{ users: ["airflow"], groups: [], accesses: [{ type: "impersonate", isAllowed: true }] }],
    },
    {
      name: "superset as analysts",
      serviceType: "trino",
      resources: { trinouser: { values: ["alice", "carol", "svc_*"] } },
      policyItems: [{ users: ["superset"], accesses: [{ type: "impersonate", isAllowed: true }] }],
    },
    {
      name: "memory limits",
      serviceType: "trino",
      resources: { systemproperty: { values: ["query_max_memory"] } },
      policyItems: [{ groups: ["public"], accesses: [{ type: "alter", isAllowed: true }] }],
      allowExceptions: [{ groups: ["contractors"], accesses: [{ type: "alter", isAllowed: true }] }],
    },
    {
      name: "hive session",
      serviceType: "trino",
      resources: { catalog: { values: ["hive"] }, sessionproperty: { values: ["*"] } },
      policyItems: [{ groups: ["analysts"], accesses: [{ type: "alter", isAllowed: true }] }],
    },
    {
      name: "udfs",
      serviceType: "trino",
      resources: { function: { values: ["mask_email"] } },
      policyItems: [
        {
          groups: ["analysts"],
          accesses: [
            { type: "execute", isAllowed: true },
            { type: "grant", isAllowed: true },
          ],
        },
      ],
    },
    {
      name: "sync partitions",
      serviceType: "trino",
      resources: {
        catalog: { values: ["hive"] },
        schema: { values: ["system"] },
        procedure: { values: ["sync_partition_metadata"] },
      },
      policyItems: [{ users: ["bob"], accesses: [{ type: "execute", isAllowed: true }] }],
      isDenyAllElse: true,
    },
    {
      name: "run queries",
      serviceType: "trino",
      resources: { queryid: { values: ["*"] } },
      policyItems: [{ groups: ["public"], accesses: [{ type: "execute", isAllowed: true }] }],
    },
    {
      name: "ops info",
      serviceType: "trino",
      resources: { sysinfo: { values: ["*"] } },
      policyItems: [{ users: ["frank"], accesses: [{ type: "read_sysinfo", isAllowed: true }] }],
    },
    {
      name: "roles",
      serviceType: "trino",
      resources: { role: { values: ["*"] } },
      policyItems: [{ users: ["frank"], accesses: [{ type: "create", isAllowed: true }] }],
    },
  ],
};

describe("import from Apache Ranger: the resources beyond tables", () => {
  it("maps trinouser, systemproperty, sessionproperty, function, procedure, queryid and sysinfo to their kinds, denies first", async () => {
    const { candidates, notes } = await mapRanger(RULES_EXPORT, { hiveCatalog: "hive" });
    const policies = candidates.map((c, i) => ({
      ...DocumentPolicy.parse({ ...(c.value as object), priority: i + 1 }),
      id: i + 1,
    }));
    const byName = (n: string) => policies.find((p) => p.policyName === n)!;
    expect(byName("airflow impersonates deny")).toMatchObject({
      category: "impersonation",
      assignToUsers: ["airflow"],
      access: { targetUsers: [".*"], allow: false },
    });
    // Ranger checks seeing and killing another user's queries as impersonating them.
    expect(byName("superset as analysts allow queries")).toMatchObject({
      category: "queries",
      access: { queryAccess: ["view", "kill"], queryOwners: ["alice", "carol"] },
    });
    expect(byName("memory limits deny")).toMatchObject({
      category: "systemSessionProperties",
      assignToGroups: ["contractors"],
      access: { properties: ["query_max_memory"], allow: false },
    });
    expect(byName("hive session allow")).toMatchObject({ category: "catalogSessionProperties", catalogName: "hive" });
    expect(byName("udfs allow")).toMatchObject({
      category: "functions",
      catalogName: ".*",
      access: { routines: ["mask_email"], routinePrivileges: ["EXECUTE", "GRANT_EXECUTE"] },
    });
    expect(byName("sync partitions deny others")).toMatchObject({
      category: "procedures",
      assignToUsers: [".*"],
      access: { routines: ["sync_partition_metadata"], routinePrivileges: [] },
    });
    expect(byName("run queries allow")).toMatchObject({ category: "queries", assignToGroups: [".*"] });
    expect(byName("ops info allow")).toMatchObject({
      category: "systemInformation",
      access: { systemInformation: ["read"] },
    });
    // Every deny has an earlier priority than every allow.
    const last = Math.max(...policies.filter((p) => p.policyName.endsWith("deny")).map((p) => p.priority));
    const first = Math.min(...policies.filter((p) => p.policyName.includes("allow")).map((p) => p.priority));
    expect(last).toBeLessThan(first);
    const messages = notes.flatMap((n) => n.messages);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Trino user svc_* has wildcards the console cannot name exactly and was left out",
        expect.stringContaining("Trino roles are refused"),
      ]),
    );
    const compiled = compilePolicies(policies, MEMBERS);
    expect(compiled.problems).toEqual([]);
    expect(compiled.rules.impersonation).toEqual([
      { original_user: "airflow", new_user: ".*", allow: false },
      { original_user: "airflow", new_user: ".*", allow: true },
      { original_user: "superset", new_user: "alice|carol", allow: true },
    ]);
    expect(compiled.rules.procedures).toEqual([
      { user: "bob", catalog: "hive", schema: "system", procedure: "sync_partition_metadata", privileges: ["EXECUTE"] },
      { catalog: "hive", schema: "system", procedure: "sync_partition_metadata", privileges: [] },
    ]);
  });
});
