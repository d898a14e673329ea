import type { RouteOptions } from "fastify";
import type { z } from "zod";

/**
 * Malformed requests for the fuzz test: a seeded generator (the same seed gives the same
 * run, so a failure can be replayed) of wrong types, missing and extra fields, huge
 * strings, unicode, SQL and HTML fragments, bad paths and query strings.
 */
export class Rng {
  constructor(private state: number) {}
  next(): number {
    // mulberry32
    let t = (this.state += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
}

export const NASTY_STRINGS = [
  "",
  " ",
  "x".repeat(70_000),
  "é".repeat(5_000),
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(10)",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "\u0000",
  "a\u0000b",
  "💥🔥👩‍👩‍👧",
  "\u202eevil",
  "\ud800",
  "ｆｕｌｌｗｉｄｔｈ",
  "../../../etc/passwd",
  "%00",
  "%",
  "${jndi:ldap://x/a}",
  "{{7*7}}",
  "NaN",
  "-1",
  "1e309",
  "99999999999999999999999",
  "null",
  "true",
  "2026-13-45T99:99:99Z",
  "\r\nX-Injected: 1",
];

const NASTY_SCALARS: unknown[] = [null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -1e308, Number.MAX_SAFE_INTEGER];

export function nastyValue(rng: Rng, depth = 0): unknown {
  const r = rng.int(10);
  if (r < 4) return rng.pick(NASTY_STRINGS);
  if (r < 7) return rng.pick(NASTY_SCALARS);
  if (r < 8 || depth > 2) return [];
  if (r < 9) return Array.from({ length: 1 + rng.int(3) }, () => nastyValue(rng, depth + 1));
  return { [rng.pick(["$ne", "__proto__", "constructor", "a", "x".repeat(300)])]: nastyValue(rng, depth + 1) };
}

type Zod = z.ZodType;
const isZod = (s: unknown): s is Zod => typeof (s as Zod | undefined)?.safeParse === "function";

/** The route's zod schemas, as the server validates with them. */
export function schemasOf(route: RouteOptions): { params?: Zod; query?: Zod; body?: Zod } {
  const s = (route.schema ?? {}) as Record<string, unknown>;
  return {
    params: isZod(s.params) ? s.params : undefined,
    query: isZod(s.querystring) ? s.querystring : undefined,
    body: isZod(s.body) ? s.body : undefined,
  };
}

/** Field names of an object schema (through a pipe or a refinement). */
export function fieldsOf(schema: Zod | undefined): string[] {
  let s = schema as unknown as {
    shape?: object;
    _zod?: { def?: { in?: unknown; schema?: unknown; innerType?: unknown } };
  };
  for (let i = 0; i < 5 && s; i++) {
    if (s.shape) return Object.keys(s.shape);
    const def = s._zod?.def;
    s = (def?.in ?? def?.schema ?? def?.innerType) as typeof s;
  }
  return [];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Whether the route's own schemas accept this request (null: it cannot be judged). */
  valid: boolean | null;
  kind: string;
}

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 bytes it stands for. */
const enc = (v: unknown) =>
  (typeof v === "string" ? v : JSON.stringify(v))
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");

function queryString(rng: Rng, fields: string[]): { qs: string; obj: Record<string, string | string[]> } {
  const obj: Record<string, string | string[]> = {};
  const parts: string[] = [];
  const n = 1 + rng.int(3);
  for (let i = 0; i < n; i++) {
    const key = fields.length && rng.int(4) > 0 ? rng.pick(fields) : rng.pick(["zz", "__proto__", "a[b]", "%", "q;q"]);
    const raw = nastyValue(rng);
    const value = typeof raw === "string" ? raw.slice(0, 3000) : JSON.stringify(raw);
    parts.push(`${enc(key)}=${enc(value)}`);
    const prev = obj[key];
    obj[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  if (rng.int(8) === 0) parts.push("%E0%A4%A", "&&=&");
  return { qs: parts.join("&"), obj };
}

const parses = (schema: Zod | undefined, value: unknown) => !schema || schema.safeParse(value).success;

/**
 * One malformed request for a route. Paths come from the OpenAPI document (`{id}`),
 * the route's schemas decide whether the request is valid.
 */
export function malformed(rng: Rng, method: string, path: string, route: RouteOptions | undefined): FuzzRequest {
  const schemas = route ? schemasOf(route) : {};
  const headers: Record<string, string> = {};
  let valid: boolean | null = route ? true : null;
  const kinds: string[] = [];

  // Path parameters: nasty values, percent-encoded.
  const params: Record<string, string> = {};
  let url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const raw = rng.int(3) === 0 ? "x" : nastyValue(rng);
    const value = (typeof raw === "string" ? raw : JSON.stringify(raw)).slice(0, 400) || "x";
    params[name] = value;
    return enc(value);
  });
  if (Object.keys(params).length) {
    kinds.push("params");
    if (!parses(schemas.params, params)) valid = false;
  }
  if (rng.int(10) === 0) {
    url = rng.pick([
      `${url}/${enc(rng.pick(NASTY_STRINGS).slice(0, 100))}`,
      `${url}//`,
      url.replace("/api/", "/api//"),
    ]);
    kinds.push("path");
    valid = null;
  }

  // Query string.
  if (rng.int(2) === 0) {
    const { qs, obj } = queryString(rng, fieldsOf(schemas.query));
    url += `?${qs}`;
    kinds.push("query");
    if (valid && !parses(schemas.query, obj)) valid = false;
  }

  // Body.
  const r = rng.int(12);
  let payload: string | undefined;
  if (method === "GET" && r < 9) {
    // usually no body on reads
  } else if (r === 0) {
    payload = rng.pick(["{", "{'a':1}", '{"a":', "[1,", "\u0000", "nul", '{"a":1}}']);
    headers["content-type"] = "application/json";
    kinds.push("bad-json");
    valid = false;
  } else if (r === 1) {
    payload = "name=x&value=y";
    headers["content-type"] = rng.pick(["text/plain", "application/xml", "image/png"]);
    kinds.push("content-type");
    valid = schemas.body ? false : valid;
  } else {
    const fields = fieldsOf(schemas.body);
    let body: unknown;
    if (r === 2) body = rng.pick([[], "text", 42, null, true]);
    else if (r === 3 || !fields.length) body = {};
    else {
      const obj: Record<string, unknown> = {};
      for (const f of fields) if (rng.int(2) === 0) obj[f] = nastyValue(rng);
      obj[rng.pick(fields)] = nastyValue(rng);
      if (rng.int(3) === 0) obj[rng.pick(["extra", "id", "createdAt", "isAdmin", "$where"])] = nastyValue(rng);
      body = obj;
    }
    payload = JSON.stringify(body);
    headers["content-type"] = "application/json";
    kinds.push("body");
    if (valid && schemas.body && !schemas.body.safeParse(body).success) valid = false;
    // A read ignores a body it does not declare; a write might not.
    if (!schemas.body && method !== "GET") valid = null;
  }
  return { method, url, headers, payload, valid, kind: kinds.join("+") || "plain" };
}
