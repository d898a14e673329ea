import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A screen's texts load with its route (app/screen.ts), the shell's with the app. These tests
// read the sources: from each screen's page (and from the shell), they follow the modules it
// loads and collect the text keys written in them, and check that the texts holding those keys
// load with it. A key missing there would show raw until some other screen loaded its file.

const SRC = path.resolve(import.meta.dirname, "..");
const EN = path.join(SRC, "i18n/en");

/** key -> the text file (name without .json) that holds it. */
const owner = new Map<string, string>();
for (const file of fs.readdirSync(EN).filter((f) => f.endsWith(".json")))
  for (const key of Object.keys(JSON.parse(fs.readFileSync(path.join(EN, file), "utf8")) as object))
    owner.set(key, file.slice(0, -".json".length));

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

/** The modules a source file loads: static value imports, and dynamic imports except a route table's screens. */
function imports(file: string, src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?"([^"]+)"/gm))
    if (!m[1]) out.push(m[2]!);
  // A route table's screens load with their own routes, not with whoever links to them.
  if (!file.endsWith("routes.tsx")) for (const m of src.matchAll(/import\(\s*"([^"]+)"\s*\)/g)) out.push(m[1]!);
  return out.map((s) => resolve(file, s)).filter((f): f is string => f !== null && !f.endsWith(".json"));
}

/** The text keys a source names: whole keys (a plural's base too), and the fixed start of a built key. */
export function keysIn(src: string): string[] {
  const found = new Set<string>();
  for (const m of src.matchAll(/["'`]([A-Za-z][\w-]*\.[\w.-]*)(["'`]|\$\{)/g)) {
    const text = m[1]!;
    const prefix = m[2] === "${" || text.endsWith(".");
    for (const key of owner.keys())
      if (prefix ? key.startsWith(text) : key === text || key.startsWith(`${text}_`)) found.add(key);
  }
  return [...found];
}

/** The text files the modules reachable from `entry` use, each with one module and key that uses it. */
function textsUsedFrom(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const queue = [entry];
  const used = new Map<string, string>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const src = fs.readFileSync(file, "utf8");
    for (const key of keysIn(src))
      if (!used.has(owner.get(key)!)) used.set(owner.get(key)!, `${path.relative(SRC, file)}: ${key}`);
    queue.push(...imports(file, src));
  }
  return used;
}

interface Screen {
  routes: string;
  page: string;
  texts: string[];
}

function screens(): Screen[] {
  const out: Screen[] = [];
  const dir = path.join(SRC, "features");
  for (const feature of fs.readdirSync(dir)) {
    const routes = path.join(dir, feature, "routes.tsx");
    if (!fs.existsSync(routes)) continue;
    const src = fs.readFileSync(routes, "utf8");
    expect(src, `${routes} loads a screen without its texts`).not.toMatch(/\blazy\(/);
    for (const m of src.matchAll(/screen\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\("([^"]+)"\)/g))
      out.push({
        routes: path.relative(SRC, routes),
        page: resolve(routes, m[2]!)!,
        texts: [...m[1]!.matchAll(/"([^"]+)"/g)].map((t) => t[1]!),
      });
  }
  return out;
}

describe("texts loaded with each screen", () => {
  it("the shell uses only the shell's texts, which load with the app", () => {
    const used = textsUsedFrom(path.join(SRC, "main.tsx"));
    used.delete("shell");
    expect(Object.fromEntries(used)).toEqual({});
  });

  it("each screen names every text file it uses", () => {
    const list = screens();
    expect(list.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const s of list) {
      for (const name of s.texts) expect(owner.has(name) || [...owner.values()].includes(name), name).toBe(true);
      for (const [name, where] of textsUsedFrom(s.page))
        if (name !== "shell" && !s.texts.includes(name))
          missing.push(`${path.relative(SRC, s.page)} (${s.routes}) needs ${name}, e.g. ${where}`);
    }
    expect(missing).toEqual([]);
  });

  it("finds whole keys, plural bases and the start of a built key", () => {
    expect(keysIn('t("common.total", { count: n })')).toContain("common.total");
    expect(keysIn('t("header.pendingRequests", { count })')).toEqual([
      "header.pendingRequests_one",
      "header.pendingRequests_other",
    ]);
    expect(keysIn("t(`menu.${key}`)").length).toBeGreaterThan(3);
    expect(keysIn('import x from "./x.js"; "no.such.key"')).toEqual([]);
  });
});
