/**
 * The console's own defaults for the sections of Trino's rules that would otherwise lock people
 * out or leave everything open (docs/trino.md, "What the console publishes by default"): system
 * policies, shown in the list without actions, always after every other policy of their kind.
 * Their priorities sit above any an administrator can choose, so the list shows them last.
 */
const body = (fields: Record<string, unknown>) =>
  JSON.stringify({
    catalogName: "",
    schemaName: [],
    tables: [],
    tags: [],
    tablePrivileges: [],
    config: { allow: "read-only", owner: false },
    columnDetails: [],
    rowFilters: [],
    customRowFilter: "",
    assignToUsers: [],
    assignToGroups: [],
    tnc: {
      startDate: null,
      endDate: null,
      domainNames: [],
      description: "",
      contactDetails: { name: "", extension: "+971", phoneNumber: "", email: "" },
      generalTerms: { prohibitedUses: "", liabilityLimits: "", dataQualityDisclaimer: "", terminationConditions: "" },
    },
    ...fields,
    access: {
      queryAccess: [],
      queryOwners: [],
      targetUsers: [],
      targetRoles: [],
      properties: [],
      routines: [],
      routinePrivileges: [],
      systemInformation: [],
      allow: true,
      ...(fields.access as object),
    },
  }).replaceAll("'", "''");

const defaults: Array<[number, string, string, Record<string, unknown>]> = [
  [
    1_000_001,
    "Administrators see and kill every query",
    "queries",
    { assignToGroups: ["console-admins"], access: { queryAccess: ["view", "kill"], queryOwners: [".*"] } },
  ],
  [1_000_002, "Everyone runs queries", "queries", { assignToUsers: [".*"], access: { queryAccess: ["execute"] } }],
  [
    1_000_003,
    "Administrators read system information",
    "systemInformation",
    { assignToGroups: ["console-admins"], access: { systemInformation: ["read"] } },
  ],
  [
    1_000_004,
    "Everyone sets session properties",
    "systemSessionProperties",
    { assignToUsers: [".*"], access: { properties: [".*"], allow: true } },
  ],
  [
    1_000_005,
    "Everyone sets catalog session properties",
    "catalogSessionProperties",
    { catalogName: ".*", assignToUsers: [".*"], access: { properties: [".*"], allow: true } },
  ],
  [
    1_000_006,
    "Everyone runs built-in functions",
    "functions",
    {
      catalogName: "system",
      schemaName: ["builtin"],
      assignToUsers: [".*"],
      access: { routines: [".*"], routinePrivileges: ["EXECUTE", "GRANT_EXECUTE"] },
    },
  ],
  [
    1_000_007,
    "Everyone runs built-in procedures",
    "procedures",
    {
      catalogName: "system",
      schemaName: ["builtin"],
      assignToUsers: [".*"],
      access: { routines: [".*"], routinePrivileges: ["EXECUTE", "GRANT_EXECUTE"] },
    },
  ],
];

export const sql = defaults
  .map(
    ([priority, name, category, fields]) => /* sql */ `
INSERT INTO policies (priority, policy_name, category, state, system_policy, synced, body, created_by)
SELECT ${priority}, '${name}', '${category}', 'enabled', true, false, '${body(fields)}'::jsonb, 'system'
 WHERE NOT EXISTS (SELECT 1 FROM policies WHERE lower(policy_name) = lower('${name}'));`,
  )
  .join("\n");
