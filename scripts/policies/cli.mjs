#!/usr/bin/env node
/**
 * Policies as code from a CI pipeline (docs/policies.md, "Command line"):
 *
 *   npm run policies -- plan   policies.yaml [--mode merge|replace] --url https://console.example --token …
 *   npm run policies -- apply  policies.yaml [--mode merge|replace] --url … --token …
 *   npm run policies -- export [--format yaml|json] [--out policies.yaml] --url … --token …
 *
 * The token may come from POLICIES_TOKEN (preferred in CI) and the URL from POLICIES_URL. It is
 * sent as a bearer token and never printed. Exit codes: 0 done, 1 the plan has problems,
 * 2 a usage, network or server error.
 */
import { readFileSync, writeFileSync } from "node:fs";

const PATH = "/admin-api/api/v1/acl/code";
const USAGE =
  "usage: policies <plan|apply|export> [file] [--mode merge|replace] [--hive-catalog name] [--format yaml|json] [--out file] --url URL [--token TOKEN]";

function parseArgs(argv) {
  const opts = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("--")) {
      const [key, inline] = a.slice(2).split("=", 2);
      opts[key] = inline ?? argv[++i];
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
  if (!["plan", "apply", "export"].includes(command)) fail(USAGE);
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

await main();
