#!/usr/bin/env node
/**
 * Policies as code from a CI pipeline (docs/policies.md, "Command line"):
 *
 *   npm run policies -- plan   policies.yaml [--mode merge|replace] --url https://console.example --token …
 *   npm run policies -- apply  policies.yaml [--mode merge|replace] --url … --token …
 *   npm run policies -- export [--format yaml|json] [--out policies.yaml] --url … --token …
 *   npm run policies -- check  inputs.json [--rules rules.json | --candidate | --publication N] [--explain] [--json] --url … --token …
 *
 * `check` asks the rules checker what Trino would decide for each input of the file (a JSON
 * array of inputs shaped as Trino's OPA access control sends them, or one input), under the
 * publication in force unless told otherwise, and prints one answer per line (or the answer as
 * JSON with --json).
 *
 * The token may come from POLICIES_TOKEN (preferred in CI) and the URL from POLICIES_URL. It is
 * sent as a bearer token and never printed. Exit codes: 0 done, 1 the plan has problems,
 * 2 a usage, network or server error.
 */
import { readFileSync, writeFileSync } from "node:fs";

const PATH = "/admin-api/api/v1/acl/code";
const CHECK_PATH = "/admin-api/api/v1/acl/rules/check";
const USAGE =
  "usage: policies <plan|apply|export|check> [file] [--mode merge|replace] [--hive-catalog name] [--format yaml|json] [--out file] [--rules file | --candidate | --publication N] [--explain] [--json] --url URL [--token TOKEN]";

/** Options that take no value. */
const FLAGS = new Set(["explain", "candidate", "json"]);

function parseArgs(argv) {
  const opts = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("--")) {
      const [key, inline] = a.slice(2).split("=", 2);
      opts[key] = FLAGS.has(key) ? true : (inline ?? argv[++i]);
    } else opts._.push(a);
  }
  return opts;
}

function fail(message, code = 2) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function printPlan(plan, out = process.stdout) {
  const w = (s) => out.write(`${s}\n`);
  w(`Import of a ${plan.source} document (${plan.mode}): ${plan.valid ? "valid" : "REFUSED"}`);
  for (const p of plan.problems) w(`  problem  ${p.path}: ${p.message}`);
  for (const c of plan.creates) w(`  create   ${c.name}`);
  for (const u of plan.updates) {
    w(`  update   ${u.name}`);
    for (const ch of u.changes)
      w(`             ${ch.column}: ${JSON.stringify(ch.oldVal)} -> ${JSON.stringify(ch.newVal)}`);
  }
  for (const d of plan.deletes) w(`  delete   ${d.name}`);
  if (plan.unchanged.length) w(`  unchanged ${plan.unchanged.length} policies`);
  for (const n of plan.notes) for (const m of n.messages) w(`  note     ${n.source}: ${m}`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const [command, file] = opts._;
  const url = (opts.url ?? process.env.POLICIES_URL ?? "").replace(/\/+$/, "");
  const token = opts.token ?? process.env.POLICIES_TOKEN;
  if (!["plan", "apply", "export", "check"].includes(command)) fail(USAGE);
  if (!url) fail("--url (or POLICIES_URL) is required");
  if (!token) fail("--token (or POLICIES_TOKEN) is required");
  const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
  const call = async (method, path, body) => {
    try {
      return await fetch(`${url}${path}`, {
        method,
        headers: body ? { ...headers, "content-type": "application/json" } : headers,
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (err) {
      fail(`cannot reach ${url}: ${err.cause?.code ?? err.message}`);
    }
  };
  const errorOf = async (res) => {
    const text = await res.text();
    try {
      const b = JSON.parse(text);
      const fields = b.fields
        ? Object.entries(b.fields)
            .map(([f, ms]) => `\n  ${f}: ${ms.join("; ")}`)
            .join("")
        : "";
      return `${res.status}: ${b.error ?? text}${fields}`;
    } catch {
      return `${res.status}: ${text.slice(0, 300)}`;
    }
  };

  if (command === "export") {
    const format = opts.format ?? "yaml";
    const res = await call("GET", `${PATH}/export?format=${encodeURIComponent(format)}`);
    if (!res.ok) fail(`export failed with ${await errorOf(res)}`);
    const text = await res.text();
    if (opts.out) writeFileSync(opts.out, text);
    else process.stdout.write(text);
    return;
  }
  if (!file) fail(USAGE);
  if (command === "check") return check(file, opts, call, errorOf);
  let document;
  try {
    document = readFileSync(file, "utf8");
  } catch (err) {
    fail(`cannot read ${file}: ${err.code ?? err.message}`);
  }
  const body = {
    document,
    mode: opts.mode ?? "merge",
    ...(opts["hive-catalog"] ? { hiveCatalog: opts["hive-catalog"] } : {}),
  };
  if (command === "plan") {
    const res = await call("POST", `${PATH}/plan`, body);
    if (!res.ok) fail(`plan failed with ${await errorOf(res)}`);
    const plan = await res.json();
    printPlan(plan);
    process.exit(plan.valid ? 0 : 1);
  }
  const res = await call("POST", `${PATH}/apply`, body);
  if (res.status === 400) fail(`apply refused: ${await errorOf(res)}`, 1);
  if (!res.ok) fail(`apply failed with ${await errorOf(res)}`);
  const result = await res.json();
  printPlan(result.plan);
  process.stdout.write(
    `Applied: ${result.created} created, ${result.updated} updated, ${result.deleted} deleted (not synced yet)\n`,
  );
}

/** Reads a JSON file, or fails naming it. */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    fail(`cannot read ${file} as JSON: ${err.code ?? err.message}`);
  }
}

/** A short description of one input: its operation, who asks and about what. */
function describe(input) {
  const a = input?.action ?? {};
  const r = a.resource ?? {};
  const what = r.table
    ? [r.table.catalogName, r.table.schemaName, r.table.tableName].join(".")
    : r.column
      ? [r.column.catalogName, r.column.schemaName, r.column.tableName, r.column.columnName].join(".")
      : r.user
        ? r.user.user
        : (r.catalog?.name ?? r.schema?.schemaName ?? r.function?.functionName ?? r.systemSessionProperty?.name ?? "");
  const batch = Array.isArray(a.filterResources) ? `${a.filterResources.length} resources` : what;
  return `${a.operation} by ${input?.context?.identity?.user ?? "?"}${batch ? ` on ${batch}` : ""}`;
}

function answerText(result) {
  if (result === true) return "allowed";
  if (result === false) return "denied";
  if (result === null) return "no mask";
  return JSON.stringify(result);
}

async function check(file, opts, call, errorOf) {
  const read = readJson(file);
  const inputs = Array.isArray(read) ? read : [read];
  const body = {
    inputs,
    explain: opts.explain === true,
    ...(opts.rules ? { rules: readJson(opts.rules) } : {}),
    ...(opts.candidate === true ? { candidate: true } : {}),
    ...(opts.publication ? { publication: Number(opts.publication) } : {}),
  };
  const res = await call("POST", CHECK_PATH, body);
  if (!res.ok) fail(`check failed with ${await errorOf(res)}`);
  const out = await res.json();
  if (opts.json === true) {
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  const under =
    out.source === "publication"
      ? `publication ${out.publication}`
      : out.source === "candidate"
        ? "Sync's candidate"
        : opts.rules;
  process.stdout.write(`Decided under ${under}:\n`);
  out.results.forEach((r, i) => {
    process.stdout.write(`  ${i}  ${describe(inputs[i])}: ${answerText(r)}\n`);
    const e = out.explanations?.[i];
    if (!e) return;
    for (const d of e.decidedBy)
      process.stdout.write(
        `       ${d.section} ${"index" in d ? `rule ${d.index}: ${JSON.stringify(d.rule)}` : `(${d.default})`}\n`,
      );
    if (e.policies.length) process.stdout.write(`       policies: ${e.policies.map((p) => p.name).join(", ")}\n`);
  });
}

await main();
