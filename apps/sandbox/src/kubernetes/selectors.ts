import type { KubeObject } from "./objects.js";

type Requirement = (labels: Record<string, string>) => boolean;

/**
 * Parses a label selector as the API server does: equality (`a=b`, `a==b`, `a!=b`),
 * set-based (`a in (x,y)`, `a notin (x)`), existence (`a`, `!a`). Throws on bad syntax.
 */
export function parseLabelSelector(selector: string | undefined): Requirement {
  if (!selector || !selector.trim()) return () => true;
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of selector) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  const reqs = parts.map((raw) => parseRequirement(raw.trim()));
  return (labels) => reqs.every((r) => r(labels));
}

const KEY = /^[A-Za-z0-9]([A-Za-z0-9._/-]*[A-Za-z0-9])?$/;

function parseRequirement(raw: string): Requirement {
  let m = /^(\S+?)\s+(in|notin)\s+\(([^)]*)\)$/.exec(raw);
  if (m) {
    const [, key, op, list] = m as unknown as [string, string, string, string];
    checkKey(key, raw);
    const values = new Set(list.split(",").map((v) => v.trim()));
    return op === "in" ? (l) => key in l && values.has(l[key]!) : (l) => !(key in l) || !values.has(l[key]!);
  }
  m = /^([^=!\s]+)\s*(==|!=|=)\s*([^=!\s]*)$/.exec(raw);
  if (m) {
    const [, key, op, value] = m as unknown as [string, string, string, string];
    checkKey(key, raw);
    return op === "!=" ? (l) => l[key] !== value : (l) => l[key] === value;
  }
  if (raw.startsWith("!")) {
    const key = raw.slice(1).trim();
    checkKey(key, raw);
    return (l) => !(key in l);
  }
  checkKey(raw, raw);
  return (l) => raw in l;
}

function checkKey(key: string, raw: string): void {
  if (!KEY.test(key)) throw new SelectorError(`unable to parse requirement: ${raw}`);
}

export class SelectorError extends Error {}

/** Field selectors the simulated API understands (as the real one, a few per resource). */
export function parseFieldSelector(selector: string | undefined): (o: KubeObject) => boolean {
  if (!selector || !selector.trim()) return () => true;
  const tests = selector.split(",").map((raw) => {
    const m = /^([A-Za-z.]+)\s*(==|!=|=)\s*(.*)$/.exec(raw.trim());
    if (!m) throw new SelectorError(`invalid field selector: ${raw}`);
    const [, field, op, value] = m as unknown as [string, string, string, string];
    const get = FIELDS[field];
    if (!get) throw new SelectorError(`field label not supported: ${field}`);
    // A field the object lacks reads as empty, as in the API server's field sets.
    return op === "!=" ? (o: KubeObject) => (get(o) ?? "") !== value : (o: KubeObject) => (get(o) ?? "") === value;
  });
  return (o) => tests.every((t) => t(o));
}

const FIELDS: Record<string, (o: KubeObject) => string | undefined> = {
  "metadata.name": (o) => o.metadata.name,
  "metadata.namespace": (o) => o.metadata.namespace,
  "spec.nodeName": (o) => o.spec?.nodeName,
  "status.phase": (o) => o.status?.phase,
  "involvedObject.name": (o) => (o.involvedObject as { name?: string } | undefined)?.name,
  "involvedObject.kind": (o) => (o.involvedObject as { kind?: string } | undefined)?.kind,
  "involvedObject.namespace": (o) => (o.involvedObject as { namespace?: string } | undefined)?.namespace,
  "involvedObject.uid": (o) => (o.involvedObject as { uid?: string } | undefined)?.uid,
  type: (o) => o.type as string | undefined,
};
