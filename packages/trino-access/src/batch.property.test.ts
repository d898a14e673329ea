import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Operation, Resource } from "./input.js";
import { engineOf, input, type Who } from "./test-support.js";

/** Names drawn from a small alphabet so that generated rules and resources meet often. */
const name = fc.constantFrom("a", "b", "c", "hr", "information_schema", "system");
const pattern = fc.oneof(name, fc.constantFrom(".*", "a|b", "h.*", "(?i)A", "[ab]", "^{user}$"));
const user = fc.constantFrom("a", "b", "alice");
const catalogPattern = fc.oneof(name, fc.constantFrom(".*", "a|b", "{user}"));
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const strip = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const document = fc.record(
  {
    catalogs: fc.array(
      fc
        .record({
          user: opt(fc.oneof(user, fc.constant(".*"))),
          group: opt(name),
          catalog: opt(catalogPattern),
          allow: fc.constantFrom("all", "read-only", "none", "owner"),
        })
        .map(strip),
      { maxLength: 4 },
    ),
    schemas: fc.array(
      fc
        .record({ user: opt(user), catalog: opt(catalogPattern), schema: opt(pattern), owner: fc.boolean() })
        .map(strip),
      { maxLength: 4 },
    ),
    tables: fc.array(
      fc
        .record({
          user: opt(user),
          group: opt(name),
          catalog: opt(catalogPattern),
          schema: opt(pattern),
          table: opt(pattern),
          privileges: fc.subarray(["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT"]),
          columns: opt(
            fc.uniqueArray(fc.record({ name, allow: fc.boolean() }), { selector: (c) => c.name, maxLength: 2 }),
          ),
        })
        .map(strip),
      { maxLength: 6 },
    ),
    functions: fc.array(
      fc
        .record({
          catalog: opt(catalogPattern),
          schema: opt(pattern),
          privileges: fc.subarray(["EXECUTE", "GRANT_EXECUTE", "OWNERSHIP"]),
        })
        .map(strip),
      { maxLength: 3 },
    ),
    procedures: fc.array(fc.record({ catalog: opt(catalogPattern), privileges: fc.subarray(["EXECUTE"]) }).map(strip), {
      maxLength: 2,
    }),
    catalog_session_properties: fc.array(fc.record({ catalog: opt(catalogPattern), allow: fc.boolean() }).map(strip), {
      maxLength: 2,
    }),
    queries: fc.array(
      fc.record({ user: opt(user), queryOwner: opt(user), allow: fc.subarray(["view", "kill"]) }).map(strip),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: [] },
);

const who: fc.Arbitrary<Who> = fc.record({ user, groups: fc.subarray(["a", "b", "hr"]) });

const batches: fc.Arbitrary<{ operation: Operation; resources: Resource[] }> = fc.oneof(
  fc.record({
    operation: fc.constant<Operation>("FilterCatalogs"),
    resources: fc.array(
      name.map((n) => ({ catalog: { name: n } })),
      { maxLength: 8 },
    ),
  }),
  fc.record({
    operation: fc.constant<Operation>("FilterSchemas"),
    resources: fc.array(
      fc.tuple(name, name).map(([c, s]) => ({ schema: { catalogName: c, schemaName: s } })),
      { maxLength: 8 },
    ),
  }),
  fc.record({
    operation: fc.constant<Operation>("FilterTables"),
    resources: fc.array(
      fc.tuple(name, name, name).map(([c, s, t]) => ({ table: { catalogName: c, schemaName: s, tableName: t } })),
      { maxLength: 8 },
    ),
  }),
  fc.record({
    operation: fc.constant<Operation>("FilterFunctions"),
    resources: fc.array(
      fc.tuple(name, name, name).map(([c, s, f]) => ({ function: { catalogName: c, schemaName: s, functionName: f } })),
      { maxLength: 8 },
    ),
  }),
  fc.record({
    operation: fc.constant<Operation>("FilterViewQueryOwnedBy"),
    resources: fc.array(
      user.map((u) => ({ user: { user: u } })),
      { maxLength: 8 },
    ),
  }),
);

describe("a batch decides as the same checks one by one", () => {
  it("over generated documents, identities and resources", () => {
    fc.assert(
      fc.property(document, who, batches, (doc, w, { operation, resources }) => {
        const e = engineOf(doc);
        const batch = e.check(input(w, operation, undefined, { filterResources: resources }));
        const single = resources.flatMap((r, k) => (e.check(input(w, operation, r)) ? [k] : []));
        expect(batch).toEqual(single);
      }),
      { numRuns: 400 },
    );
  });

  it("FilterColumns' indices are the columns SelectFromColumns allows one by one when the rule grants only SELECT", () => {
    fc.assert(
      fc.property(
        document,
        who,
        fc.tuple(name, name, name),
        fc.uniqueArray(name, { maxLength: 5 }),
        (doc, w, [c, s, t], columns) => {
          const e = engineOf({
            ...doc,
            tables: (doc.tables ?? []).map((r) => ({
              ...r,
              privileges: (r.privileges as string[]).includes("SELECT") ? ["SELECT"] : [],
            })),
          });
          const batch = e.check(
            input(w, "FilterColumns", undefined, {
              filterResources: [{ table: { catalogName: c, schemaName: s, tableName: t, columns } }],
            }),
          );
          const single = columns.flatMap((col, k) =>
            e.check(
              input(w, "SelectFromColumns", { table: { catalogName: c, schemaName: s, tableName: t, columns: [col] } }),
            )
              ? [k]
              : [],
          );
          expect(batch).toEqual(single);
        },
      ),
      { numRuns: 300 },
    );
  });
});
