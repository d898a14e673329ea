import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The relative modules a module loads at run time (type-only imports and exports are erased). */
function runtimeImports(file: string): string[] {
  const src = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of src.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?"([^"]+)"/gm)) {
    if (m[1]) continue;
    found.push(m[2]!);
  }
  return found;
}

describe("@console/contracts/constants", () => {
  it("reaches no zod at run time, so screens that import values never load the schemas", () => {
    const dir = import.meta.dirname;
    const seen = new Set<string>();
    const queue = [path.join(dir, "constants-entry.ts")];
    const external: string[] = [];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of runtimeImports(file)) {
        if (spec.startsWith(".")) queue.push(path.join(path.dirname(file), spec.replace(/\.js$/, ".ts")));
        else external.push(`${path.basename(file)} -> ${spec}`);
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(external).toEqual([]);
  });

  it("finds a value import of zod when one is there", () => {
    const tmp = fs.mkdtempSync(path.join(fs.realpathSync("/tmp"), "contracts-entry-"));
    const file = path.join(tmp, "m.ts");
    fs.writeFileSync(file, 'import type { z } from "zod";\nimport { z as zz } from "zod";\nexport * from "./x.js";\n');
    expect(runtimeImports(file)).toEqual(["zod", "./x.js"]);
    fs.rmSync(tmp, { recursive: true });
  });
});
