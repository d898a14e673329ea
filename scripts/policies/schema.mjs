#!/usr/bin/env node
/** Writes the policy document's JSON Schema, generated from the zod contract, to docs/ (run after building the contracts). */
import { writeFileSync } from "node:fs";
import { policyDocumentJsonSchema } from "@console/contracts";

const target = new URL("../../docs/policy-document.schema.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(policyDocumentJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${target.pathname}\n`);
