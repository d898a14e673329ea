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
