import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml, stringify as toYamlText } from "yaml";

/**
 * Renders a Helm chart's templates as `helm template` does, for tests on a machine without
 * helm. It implements the subset of Go text/template and Sprig the chart uses, and throws on
 * anything else, so a template that strays from the subset fails the test instead of
 * rendering wrongly: actions with `{{-`/`-}}` trimming and comments; define, include,
 * if/else if/else, with, range (lists, and maps with `$k, $v :=`); fields on `.` and `$`;
 * `( )` sub-pipelines and `|` pipelines; default, required, quote, toYaml, nindent, indent,
 * printf (%s), trunc, trimSuffix.
 */

type Node =
  | { t: "text"; v: string }
  | { t: "out"; expr: string }
  | { t: "if"; branches: Array<{ cond: string | null; body: Node[] }> }
  | { t: "with"; expr: string; body: Node[]; otherwise: Node[] }
  | { t: "range"; vars: string[]; expr: string; body: Node[] }
  | { t: "define"; name: string; body: Node[] };

type Scope = { dot: unknown; root: unknown; vars: Record<string, unknown> };

function tokenize(src: string): Array<{ text?: string; action?: string }> {
  const out: Array<{ text?: string; action?: string }> = [];
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf("{{", i);
    if (open < 0) {
      out.push({ text: src.slice(i) });
      break;
    }
    let text = src.slice(i, open);
    let start = open + 2;
    if (src[start] === "-" && src[start + 1] === " ") {
      text = text.replace(/\s+$/, "");
      start += 1;
    }
    out.push({ text });
    const close = src.indexOf("}}", start);
    if (close < 0) throw new Error("unclosed action");
    let end = close;
    let next = close + 2;
    if (src[close - 1] === "-" && src[close - 2] === " ") {
      end = close - 1;
      while (next < src.length && /\s/.test(src[next]!)) next++;
    }
    out.push({ action: src.slice(start, end).trim() });
    i = next;
  }
  return out;
}

function parse(src: string): Node[] {
  const tokens = tokenize(src);
  let pos = 0;
  const block = (stops: string[]): { nodes: Node[]; stop: string } => {
    const nodes: Node[] = [];
    while (pos < tokens.length) {
      const tok = tokens[pos++]!;
      if (tok.text !== undefined) {
        if (tok.text) nodes.push({ t: "text", v: tok.text });
        continue;
      }
      const a = tok.action!;
      if (a.startsWith("/*")) continue;
      const kw = a.split(/\s+/)[0]!;
      if (stops.includes(kw)) return { nodes, stop: a };
      if (kw === "if") {
        const branches: Array<{ cond: string | null; body: Node[] }> = [];
        let cond: string | null = a.slice(2).trim();
        for (;;) {
          const b = block(["else", "end"]);
          branches.push({ cond, body: b.nodes });
          if (b.stop === "end") break;
          const rest = b.stop.slice(4).trim();
          cond = rest.startsWith("if ") ? rest.slice(3).trim() : null;
        }
        nodes.push({ t: "if", branches });
      } else if (kw === "with") {
        const b = block(["else", "end"]);
        const otherwise = b.stop === "end" ? [] : block(["end"]).nodes;
        nodes.push({ t: "with", expr: a.slice(4).trim(), body: b.nodes, otherwise });
      } else if (kw === "range") {
        const m = /^range\s+(?:(\$\w+)(?:\s*,\s*(\$\w+))?\s*:=\s*)?(.+)$/.exec(a);
        if (!m) throw new Error(`cannot parse ${a}`);
        const vars = [m[1], m[2]].filter(Boolean) as string[];
        nodes.push({ t: "range", vars, expr: m[3]!, body: block(["end"]).nodes });
      } else if (kw === "define") {
        const name = JSON.parse(a.slice(6).trim()) as string;
        nodes.push({ t: "define", name, body: block(["end"]).nodes });
      } else if (["end", "else", "template", "block"].includes(kw)) {
        throw new Error(`unsupported or unbalanced action: ${a}`);
      } else nodes.push({ t: "out", expr: a });
    }
    if (stops.length) throw new Error(`missing {{ end }} (expected ${stops.join("/")})`);
    return { nodes, stop: "" };
  };
  return block([]).nodes;
}

const truthy = (v: unknown) =>
  !(
    v === undefined ||
    v === null ||
    v === false ||
    v === 0 ||
    v === "" ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0)
  );

const text = (v: unknown): string => (v === undefined || v === null ? "" : String(v));

export class ChartRenderer {
  private readonly defines = new Map<string, Node[]>();

  constructor(private readonly helpers: string[]) {
    for (const src of helpers) this.collectDefines(parse(src));
  }

  private collectDefines(nodes: Node[]) {
    for (const n of nodes) if (n.t === "define") this.defines.set(n.name, n.body);
  }

  render(src: string, root: unknown): string {
    const nodes = parse(src);
    this.collectDefines(nodes);
    return this.exec(nodes, { dot: root, root, vars: {} });
  }

  private exec(nodes: Node[], s: Scope): string {
    let out = "";
    for (const n of nodes) {
      if (n.t === "text") out += n.v;
      else if (n.t === "define") continue;
      else if (n.t === "out") out += text(this.pipeline(n.expr, s));
      else if (n.t === "if") {
        const hit = n.branches.find((b) => b.cond === null || truthy(this.pipeline(b.cond, s)));
        if (hit) out += this.exec(hit.body, s);
      } else if (n.t === "with") {
        const v = this.pipeline(n.expr, s);
        out += truthy(v) ? this.exec(n.body, { ...s, dot: v }) : this.exec(n.otherwise, s);
      } else {
        const v = this.pipeline(n.expr, s);
        const entries: Array<[unknown, unknown]> = Array.isArray(v)
          ? v.map((x, i) => [i, x])
          : v && typeof v === "object"
            ? Object.keys(v)
                .sort()
                .map((k) => [k, (v as Record<string, unknown>)[k]])
            : [];
        for (const [k, x] of entries) {
          const vars = { ...s.vars };
          if (n.vars.length === 1) vars[n.vars[0]!] = x;
          if (n.vars.length === 2) Object.assign(vars, { [n.vars[0]!]: k, [n.vars[1]!]: x });
          out += this.exec(n.body, { ...s, dot: x, vars });
        }
      }
    }
    return out;
  }

  /** `a | f x | g`: each stage gets the previous result as its last argument. */
  private pipeline(expr: string, s: Scope): unknown {
    const stages = splitTop(expr, "|");
    let value: unknown = undefined;
    stages.forEach((stage, i) => {
      const words = splitTop(stage.trim(), " ").filter(Boolean);
      const args = i === 0 ? [] : [value];
      value = this.command(words, args, s);
    });
    return value;
  }

  private command(words: string[], piped: unknown[], s: Scope): unknown {
    const [head, ...rest] = words;
    if (!head) throw new Error("empty command");
    if (/^[a-zA-Z]\w*$/.test(head) && !["true", "false", "nil"].includes(head)) {
      const args = [...rest.map((w) => this.operand(w, s)), ...piped];
      return this.call(head, args, s);
    }
    if (rest.length || piped.length) throw new Error(`cannot call ${head}`);
    return this.operand(head, s);
  }

  private operand(w: string, s: Scope): unknown {
    if (w.startsWith("(")) return this.pipeline(w.slice(1, -1), s);
    if (w.startsWith('"')) return JSON.parse(w);
    if (/^-?\d+$/.test(w)) return Number(w);
    if (w === "true" || w === "false") return w === "true";
    if (w === "nil") return null;
    if (w === ".") return s.dot;
    let base: unknown;
    let chain: string;
    if (w.startsWith("$")) {
      const m = /^(\$\w*)(.*)$/.exec(w)!;
      base = m[1] === "$" ? s.root : s.vars[m[1]!];
      if (m[1] !== "$" && !(m[1]! in s.vars)) throw new Error(`undefined variable ${m[1]}`);
      chain = m[2]!;
    } else if (w.startsWith(".")) {
      base = s.dot;
      chain = w;
    } else throw new Error(`unsupported operand ${w}`);
    for (const key of chain.split(".").filter(Boolean)) {
      base = base && typeof base === "object" ? (base as Record<string, unknown>)[key] : undefined;
    }
    return base;
  }

  private call(fn: string, a: unknown[], s: Scope): unknown {
    switch (fn) {
      case "include": {
        const body = this.defines.get(a[0] as string);
        if (!body) throw new Error(`no template named ${String(a[0])}`);
        return this.exec(body, { ...s, dot: a[1], vars: {} });
      }
      case "default":
        return truthy(a[1]) ? a[1] : a[0];
      case "required":
        if (a[1] === undefined || a[1] === null || a[1] === "") throw new Error(String(a[0]));
        return a[1];
      case "quote":
        return JSON.stringify(text(a[0]));
      case "toYaml":
        return truthy(a[0]) ? toYamlText(a[0]).replace(/\n$/, "") : a[0] === undefined ? "" : JSON.stringify(a[0]);
      case "nindent":
      case "indent": {
        const pad = " ".repeat(a[0] as number);
        const body = text(a[1])
          .split("\n")
          .map((l) => pad + l)
          .join("\n");
        return fn === "nindent" ? `\n${body}` : body;
      }
      case "printf": {
        let i = 1;
        return (a[0] as string).replace(/%s/g, () => text(a[i++]));
      }
      case "trunc":
        return text(a[1]).slice(0, a[0] as number);
      case "trimSuffix": {
        const v = text(a[1]);
        return v.endsWith(a[0] as string) ? v.slice(0, v.length - (a[0] as string).length) : v;
      }
      default:
        throw new Error(`unsupported function ${fn}`);
    }
  }
}

/** Splits on `sep` outside quotes and parentheses. */
function splitTop(s: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"' && s[i - 1] !== "\\") quoted = !quoted;
    else if (!quoted && c === "(") depth++;
    else if (!quoted && c === ")") depth--;
    if (!quoted && depth === 0 && c === sep) {
      parts.push(cur);
      cur = "";
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}

export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

/** `helm template`: every template with the chart's values (merged with overrides), as objects. */
export function renderChart(
  chartDir: string,
  opts: { release?: string; namespace?: string; values?: Record<string, unknown> } = {},
): { objects: RenderedObject[]; files: Record<string, string> } {
  const chart = parseYaml(fs.readFileSync(path.join(chartDir, "Chart.yaml"), "utf8")) as Record<string, unknown>;
  const values = {
    ...(parseYaml(fs.readFileSync(path.join(chartDir, "values.yaml"), "utf8")) as object),
    ...opts.values,
  };
  const dir = path.join(chartDir, "templates");
  const names = fs.readdirSync(dir).sort();
  const renderer = new ChartRenderer(
    names.filter((n) => n.endsWith(".tpl")).map((n) => fs.readFileSync(path.join(dir, n), "utf8")),
  );
  const root = {
    Values: values,
    Release: { Name: opts.release ?? "console", Namespace: opts.namespace ?? "console", Service: "Helm" },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
  };
  const files: Record<string, string> = {};
  const objects: RenderedObject[] = [];
  for (const n of names.filter((x) => x.endsWith(".yaml"))) {
    const out = renderer.render(fs.readFileSync(path.join(dir, n), "utf8"), root);
    files[n] = out;
    for (const doc of out.split(/^---\s*$/m)) {
      const obj = parseYaml(doc) as RenderedObject | null;
      if (obj) objects.push(obj);
    }
  }
  return { objects, files };
}
