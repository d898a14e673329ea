import "./runtime-check.js";
import path from "node:path";
import { startSandbox, writeSandboxKubeconfig, type RunningSandbox } from "@console/sandbox";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { sandboxIngestTokens } from "./modules/audits/sandbox-tokens.js";
import { sandboxRulesToken } from "./platform/trino-rules-token.js";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  let built;
  let sandbox: RunningSandbox | null = null;
  let kubeconfig: string | null = null;
  try {
    if (config.SANDBOX === "auto") {
      // The sandbox's generators and the ingest endpoints share these tokens.
      const ingestTokens = sandboxIngestTokens(config);
      sandbox = await startSandbox({
        dataDir: path.join(config.dataDir, "sandbox"),
        consoleUrl: `http://${["0.0.0.0", "::"].includes(config.HOST) ? "127.0.0.1" : config.HOST}:${config.PORT}`,
        ingestTokens,
        // Its Trino fetches the rules with the same token the console checks.
        rulesToken: sandboxRulesToken(config),
        nodes: config.SANDBOX_NODES,
        pods: config.SANDBOX_PODS,
      });
      // kubectl can read the same simulated cluster as the console; its port changes at each start.
      kubeconfig = writeSandboxKubeconfig(path.join(config.dataDir, "sandbox.kubeconfig"), sandbox.urls.kubernetes!);
    }
    built = await buildApp(config, { sandbox });
  } catch (err) {
    await sandbox?.stop();
    process.stderr.write(`Cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const { app, bootstrapResult } = built;

  if (bootstrapResult.generatedAdminPassword) {
    // Shown once, on the terminal only, never through the logger.
    process.stdout.write(
      `\n  First start: the administrator account was created.\n  Username: ${config.ADMIN_USERNAME}\n  Password: ${bootstrapResult.generatedAdminPassword}\n  Keep it now; it is not shown again.\n\n`,
    );
  }

  if (built.generatedTrinoRulesToken) {
    // Shown once, like the administrator's password: only its digest is kept.
    process.stdout.write(
      `  Trino fetches its rules with a token (see docs/trino.md):\n  security.config-file=${config.publicUrl}/trino/rules.json?token=${built.generatedTrinoRulesToken}\n  Keep it now; it is not shown again (TRINO_RULES_TOKEN replaces it).\n\n`,
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => sandbox?.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ url: config.publicUrl, database: built.services.db.kind }, "console ready");
  if (sandbox && kubeconfig)
    app.log.info(
      { kubernetes: sandbox.urls.kubernetes, kubeconfig },
      `sandbox Kubernetes API ready: kubectl --kubeconfig ${kubeconfig} get pods -A`,
    );
}

void main();
