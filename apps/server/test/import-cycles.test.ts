import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No import circles in the repository's TypeScript: a module that imports, through others, a
 * module that imports it back is a layer drawn the wrong way (and, at run time, a module read
 * before it is defined). Type-only imports count too: they tie the layers together as much.
 * Relative imports are followed; packages are reached by name and have no circle between them.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const SOURCES = [
  "apps/server/src",
  "apps/sandbox/src",
  "apps/web/src",
  "packages/contracts/src",
  "packages/trino-access/src",
];
const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return EXTENSIONS.includes(path.extname(e.name)) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The file a relative specifier names: "./x.js" is x.ts or x.tsx, "./dir" its index. */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\.(m?js|jsx)$/, ""));
  const candidates = [base, ...EXTENSIONS.map((x) => base + x), ...EXTENSIONS.map((x) => path.join(base, `index${x}`))];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    graph.set(
      file,
      info.importedFiles
        .map((f) => f.fileName)
        .filter((spec) => spec.startsWith("."))
        .map((spec) => resolve(file, spec))
        .filter((f): f is string => f !== null && EXTENSIONS.includes(path.extname(f))),
    );
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan), or a module importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("import circles", () => {
  it("finds a circle when there is one", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("has none in the repository's TypeScript", () => {
    const files = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(500);
    const found = circles(importGraph(files)).map((group) => group.map((f) => path.relative(ROOT, f)));
    expect(found).toEqual([]);
  });
});
