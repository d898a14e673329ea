import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../src/platform/db/index.js";
import { renderTrinoGroupFile, writeFileAtomically } from "../src/platform/trino-groups.js";
import { openTestDb, type TestDb } from "./support/db.js";
import { seedUser } from "./support/seed.js";

describe("Trino group file", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb("pglite");
    await migrate(t.db);
    await seedUser(t.db, "zoe", { groups: ["analysts", "admins"] });
    await seedUser(t.db, "adam", { groups: ["analysts"] });
    await seedUser(t.db, "off", { groups: ["analysts"], enabled: false });
    await seedUser(t.db, "odd", { groups: ["bad:name"] });
  });
  afterAll(() => t.drop());

  it("lists each group with its enabled users, sorted", async () => {
    expect(await renderTrinoGroupFile(t.db)).toBe("admins:zoe\nanalysts:adam,zoe\n");
  });

  it("replaces the file whole", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "groups-")), "trino", "group.txt");
    await writeFileAtomically(file, "a:b\n");
    await writeFileAtomically(file, "c:d\n");
    expect(fs.readFileSync(file, "utf8")).toBe("c:d\n");
    expect(fs.readdirSync(path.dirname(file))).toEqual(["group.txt"]);
  });
});
