import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as toYaml } from "yaml";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken } from "./support/auth.js";
import { seedUser } from "./support/seed.js";
import { caller } from "./connectors-support.js";
import { ACL, tablePolicy } from "./policies-support.js";

const CLI = new URL("../../../scripts/policies/cli.mjs", import.meta.url).pathname;

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? "", ...env } }, (error, out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 2) : 0, out, err }),
    );
  });
}

describe("the policies command line (for CI)", () => {
  let t: TestApp;
  let url: string;
  let token: string;
  const dir = mkdtempSync(join(tmpdir(), "policies-cli-"));

  beforeAll(async () => {
    t = await makeApp("pglite");
    await seedUser(t.testDb.db, "alice", { groups: ["analysts"] });
    token = await adminToken(t.app);
    expect((await caller(t.app, token)("POST", `${ACL}/add`, tablePolicy())).status).toBe(201);
    url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("exports, plans (exit 0, or 1 with the problems), applies, and never prints the token", async () => {
    const file = join(dir, "policies.yaml");
    const exported = await run(["export", "--out", file, "--url", url, "--token", token]);
    expect(exported.code).toBe(0);
    const doc = parseYaml(readFileSync(file, "utf8")) as { policies: Array<Record<string, unknown>> };
    expect(doc.policies.map((p) => p.policyName)).toEqual(["sales analysts"]);

    const same = await run(["plan", file, "--url", url], { POLICIES_TOKEN: token });
    expect(same).toMatchObject({ code: 0 });
    expect(same.out).toContain("valid");

    doc.policies[0]!.assignToGroups = ["nobody-group"];
    writeFileSync(file, toYaml(doc));
    const bad = await run(["plan", file, "--url", url, "--token", token]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("problem  policies.0.assignToGroups.0: no group is named nobody-group");
    expect((await run(["apply", file, "--url", url, "--token", token])).code).toBe(1);

    doc.policies[0]!.assignToGroups = ["analysts"];
    doc.policies[0]!.tables = ["customers", "orders"];
    writeFileSync(file, toYaml(doc));
    const applied = await run(["apply", file, "--url", url, "--token", token]);
    expect(applied.code).toBe(0);
    expect(applied.out).toContain("Applied: 0 created, 1 updated, 0 deleted");
    for (const r of [exported, same, bad, applied]) expect(r.out + r.err).not.toContain(token);
  });

  it("checks inputs as Trino would decide them, under a rules file or the publication in force", async () => {
    const rules = join(dir, "rules.json");
    writeFileSync(
      rules,
      JSON.stringify({
        tables: [{ group: "analysts", catalog: "hive", schema: "sales", table: "customers", privileges: ["SELECT"] }],
      }),
    );
    const inputs = join(dir, "inputs.json");
    const select = (user: string, groups: string[]) => ({
      context: { identity: { user, groups } },
      action: {
        operation: "SelectFromColumns",
        resource: { table: { catalogName: "hive", schemaName: "sales", tableName: "customers", columns: ["id"] } },
      },
    });
    writeFileSync(inputs, JSON.stringify([select("alice", ["analysts"]), select("bob", [])]));
    const checked = await run(["check", inputs, "--rules", rules, "--explain", "--url", url, "--token", token]);
    expect(checked.code).toBe(0);
    expect(checked.out).toContain("0  SelectFromColumns by alice on hive.sales.customers: allowed");
    expect(checked.out).toContain("1  SelectFromColumns by bob on hive.sales.customers: denied");
    expect(checked.out).toContain('tables rule 0: {"group":"analysts"');
    const json = await run(["check", inputs, "--rules", rules, "--json", "--url", url, "--token", token]);
    expect(JSON.parse(json.out)).toMatchObject({ source: "document", results: [true, false] });
    // Nothing is published in this console yet: the checker says so, and the command exits 2.
    const none = await run(["check", inputs, "--url", url, "--token", token]);
    expect(none.code).toBe(2);
    expect(none.err).toContain("Nothing is published yet");
  });

  it("exits 2 on a wrong token, a missing token or file, and names the problem", async () => {
    const wrong = await run(["plan", join(dir, "policies.yaml"), "--url", url, "--token", "not-a-token"]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/^plan failed with 401/);
    expect(wrong.err).not.toContain("not-a-token");
    expect((await run(["plan", "x.yaml", "--url", url])).err).toContain("--token (or POLICIES_TOKEN) is required");
    expect((await run(["plan", join(dir, "none.yaml"), "--url", url, "--token", token])).err).toContain("cannot read");
  });
});
