import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../src");

/** Every source file a file reaches through relative imports (type-only ones included). */
function reached(from: string, seen = new Set<string>()): Set<string> {
  const text = fs.readFileSync(from, "utf8");
  for (const m of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)\.js"/g)) {
    const file = path.resolve(path.dirname(from), `${m[1]}.ts`);
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    reached(file, seen);
  }
  return seen;
}

describe("the server's import graph", () => {
  it("lets config.ts reach neither the database nor the audit trail, so they cannot import it back in a circle", () => {
    const files = [...reached(path.join(SRC, "config.ts"))].map((f) => path.relative(SRC, f));
    expect(files).toContain("modules/licences/format.ts");
    expect(files.filter((f) => f.startsWith("platform/db/") || f === "platform/audit.ts")).toEqual([]);
    expect(files).not.toContain("config.ts");
  });
});

/** Every routes file of the modules (routes.ts, *-routes.ts), relative to src. */
function routeFiles(dir = path.join(SRC, "modules")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(file);
    return /(^|-)routes\.ts$/.test(e.name) ? [path.relative(SRC, file)] : [];
  });
}

describe("the server's routes", () => {
  it("hold no SQL: queries live in the modules' stores", () => {
    const files = routeFiles();
    expect(files).toContain("modules/policies/routes.ts");
    const withSql = files.filter((f) =>
      /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|LOCK TABLE)\b|\.query(<[^>]*>)?\(\s*["'`]/.test(
        fs.readFileSync(path.join(SRC, f), "utf8"),
      ),
    );
    expect(withSql).toEqual([]);
  });
});
