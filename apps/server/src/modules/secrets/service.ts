import type { Secret } from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import { badRequest, conflict, notFound } from "../../platform/errors.js";
import type { Services } from "../../platform/services.js";
import type { SecretsClient } from "./client.js";

const AUDIT_SOURCE = "settings-secrets";

const newestFirst = (a: Secret, b: Secret) =>
  (b.updated_at ?? "").localeCompare(a.updated_at ?? "") || a.name.localeCompare(b.name);

export async function listSecrets(client: SecretsClient): Promise<{ items: Secret[] }> {
  return { items: (await client.list()).sort(newestFirst) };
}

async function managed(client: SecretsClient, name: string) {
  const found = await client.find(name);
  if (!found) throw notFound(`Secret ${name}`);
  if (!found.managed)
    throw badRequest(`Secret ${name} was not created by the console; change it in the cluster.`, "params.name");
  return found;
}

/**
 * Creates or updates a secret. The audit event is written in a transaction that commits only
 * once the cluster has taken the change, so a refused change leaves no event behind.
 */
export async function saveSecret(
  s: Services,
  client: SecretsClient,
  actor: Actor,
  body: { name: string; description: string; value?: string; mode?: "create" | "update" },
): Promise<{ message: string }> {
  const existing = await client.find(body.name);
  if (existing && body.mode === "create") throw conflict(`A secret named ${body.name} already exists.`, "body.name");
  if (!existing && body.mode === "update") throw notFound(`Secret ${body.name}`);
  if (existing && !existing.managed)
    throw conflict(
      `A secret named ${body.name} already exists in the cluster and is not managed by the console.`,
      "body.name",
    );
  const value = body.value === "" ? undefined : body.value;
  if (!existing) {
    if (value === undefined) throw badRequest("body.value: is required to create a secret", "body.value");
    await s.db.tx(async (q) => {
      await writeAudit(q, {
        source: AUDIT_SOURCE,
        action: "Create Secret",
        actor,
        status: "success",
        subjectName: body.name,
        summary: `Secret ${body.name} created`,
        // Never the value: only that one was set.
        details: { description: body.description },
      });
      await client.create({ name: body.name, description: body.description, value, by: actor.username });
    });
    return { message: `Secret ${body.name} created successfully.` };
  }
  const changeSet: Array<{ column: string; oldVal: unknown; newVal: unknown }> = [];
  if (existing.secret.description !== body.description)
    changeSet.push({ column: "description", oldVal: existing.secret.description, newVal: body.description });
  if (value !== undefined) changeSet.push({ column: "value", oldVal: "********", newVal: "********" });
  await s.db.tx(async (q) => {
    await writeAudit(q, {
      source: AUDIT_SOURCE,
      action: "Update Secret",
      actor,
      status: "success",
      subjectName: body.name,
      summary: `Secret ${body.name} updated`,
      details: { changeSet },
    });
    await client.update(existing.raw, { description: body.description, value, by: actor.username });
  });
  return { message: `Secret ${body.name} updated successfully.` };
}

export async function deleteSecret(
  s: Services,
  client: SecretsClient,
  actor: Actor,
  name: string,
): Promise<{ message: string }> {
  const found = await managed(client, name);
  await s.db.tx(async (q) => {
    await writeAudit(q, {
      source: AUDIT_SOURCE,
      action: "Delete Secret",
      actor,
      status: "success",
      subjectName: name,
      summary: `Secret ${name} deleted`,
      details: { description: found.secret.description },
    });
    await client.remove(name);
  });
  return { message: `Secret ${name} deleted successfully.` };
}

export async function secretExists(client: SecretsClient, name: string): Promise<undefined> {
  if (!(await client.find(name))) throw notFound(`Secret ${name}`);
  return undefined;
}
