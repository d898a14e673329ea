import type { FastifyInstance } from "fastify";
import { secretRoutes } from "@console/contracts";
import { handle } from "../../platform/http.js";
import type { Services } from "../../platform/services.js";
import { SecretsClient } from "./client.js";
import { deleteSecret, listSecrets, saveSecret, secretExists } from "./service.js";

/** Secrets: Kubernetes Secrets in the platform namespace; values are write-only. */
export function secretsModule(app: FastifyInstance, s: Services): void {
  const client = new SecretsClient(s.kube, s.config.PLATFORM_NAMESPACE);
  handle(app, secretRoutes.list, () => listSecrets(client));
  handle(app, secretRoutes.save, ({ actor, body }) => saveSecret(s, client, actor, body));
  handle(app, secretRoutes.remove, ({ actor, params }) => deleteSecret(s, client, actor, params.name));
  handle(app, secretRoutes.exists, ({ params }) => secretExists(client, params.name));
}
