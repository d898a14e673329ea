import type { FastifyBaseLogger } from "fastify";
import {
  CONNECTOR_CLASSES,
  SQLSERVER_CONNECTOR_CLASS,
  type ConnectorConfigEntry,
  type ConnectorDetails,
  type ConnectorFormField,
  type ConnectorPage,
  type ConnectorPlugins,
  type ConnectorRegistration,
  type ConnectorStateChange,
  type ConnectorSummary,
} from "@console/contracts";
import { writeAudit, type Actor } from "../../platform/audit.js";
import type { Db } from "../../platform/db/index.js";
import { badRequest, conflict, HttpError, notFound } from "../../platform/errors.js";
import { WorkerRefusal, type ConnectClient, type WorkerConnector } from "./client.js";
import {
  auditableConfig,
  buildConfig,
  debeziumMajor,
  FIELD_LABELS,
  fieldForKey,
  isSecretKey,
  maskedEntries,
  type Form,
} from "./payload.js";
import { extraConfig, readRegistration, type ExtraKey } from "./registration.js";

export const AUDIT_SOURCE = "debezium-connectors";
/** How long a pause, resume or restart is watched for its new state before answering. */
export const STATE_WAIT_MS = 10_000;
const STATE_POLL_MS = 250;

export interface ListQuery {
  page: number;
  size: number;
  name?: string;
  type?: string;
  status?: string;
}

/** The list's status: the connector's state, or FAILED when a task failed (the connector itself stays RUNNING). */
export function summarize(c: WorkerConnector): ConnectorSummary {
  const className = c.info?.config["connector.class"] ?? null;
  const connectorState = c.status?.connector.state ?? "UNKNOWN";
  const tasks = (c.status?.tasks ?? [])
    .map((t) => ({ id: t.id, state: t.state, workerId: t.worker_id ?? null, trace: t.trace ?? null }))
    .sort((a, b) => a.id - b.id);
  return {
    name: c.name,
    className,
    type: className ? (className.split(".").pop() ?? className) : null,
    state: connectorState === "RUNNING" && tasks.some((t) => t.state === "FAILED") ? "FAILED" : connectorState,
    connectorState,
    workerId: c.status?.connector.worker_id ?? null,
    trace: c.status?.connector.trace ?? null,
    tasks,
  };
}

const same = (a: string | null | undefined, b: string) => (a ?? "").toLowerCase() === b.toLowerCase();

export class ConnectorService {
  constructor(
    private readonly client: ConnectClient,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(q: ListQuery): Promise<ConnectorPage> {
    const all = (await this.client.list()).map(summarize).sort((a, b) => a.name.localeCompare(b.name));
    const rows = all.filter(
      (c) =>
        (!q.name || c.name.toLowerCase().includes(q.name.toLowerCase())) &&
        (!q.type || same(c.type, q.type)) &&
        (!q.status || same(c.state, q.status)),
    );
    const distinct = (values: Array<string | null>) =>
      [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));
    return {
      items: rows.slice(q.page * q.size, (q.page + 1) * q.size),
      total: rows.length,
      types: distinct(all.map((c) => c.type)),
      states: distinct(all.map((c) => c.state)),
    };
  }

  async details(name: string): Promise<ConnectorDetails> {
    const [info, status] = await Promise.all([this.client.info(name), this.client.status(name)]).catch(refused(name));
    return { ...summarize({ name, info, status }), config: maskedEntries(info.config) };
  }

  /** One secret value, given only after its reveal is written to the audit trail. */
  async revealSecret(name: string, key: string, actor: Actor): Promise<{ key: string; value: string }> {
    if (!isSecretKey(key)) throw badRequest(`${key} is not a secret value; the details show it.`, "key");
    const info = await this.client.info(name).catch(refused(name));
    const value = info.config[key];
    if (value === undefined) throw notFound(`The value ${key} of connector ${name}`);
    await this.audit(actor, "Reveal Connector Secret", name, "success", { key });
    return { key, value };
  }

  async plugins(): Promise<ConnectorPlugins> {
    const installed = await this.client.plugins();
    return {
      classes: CONNECTOR_CLASSES.map((c) => {
        const plugin = installed.find((p) => p.class === c.className);
        return { ...c, installed: !!plugin, version: plugin?.version ?? null };
      }),
    };
  }

  /** Asks the worker to validate the payload the form makes; its errors come back per form field. */
  async validate(name: string, form: Form): Promise<{ valid: true; debeziumVersion: string | null }> {
    if (form.name !== name) throw badRequest("The name in the path and in the form differ.", "name");
    const exists = await this.client.info(name).then(
      () => true,
      (err) => {
        if (err instanceof WorkerRefusal && err.status === 404) return false;
        throw err;
      },
    );
    if (exists) throw conflict(`A connector named ${name} already exists.`, "name");
    const { version, major } = await this.pluginVersion();
    const answer = await this.client
      .validate(SQLSERVER_CONNECTOR_CLASS, buildConfig(form, major))
      .catch(refused(name, "connectorClass"));
    if (answer.error_count === 0) return { valid: true, debeziumVersion: version };
    const fields: Record<string, string[]> = {};
    for (const c of answer.configs) {
      if (c.value.errors.length === 0) continue;
      const field = fieldForKey(c.value.name, form, major) ?? c.value.name;
      (fields[field] ??= []).push(...c.value.errors);
    }
    const [first, messages] = Object.entries(fields)[0] ?? ["connectorClass", ["The configuration is invalid."]];
    const label = FIELD_LABELS[first as ConnectorFormField] ?? first;
    const count = Object.values(fields).flat().length;
    throw new HttpError(
      400,
      `Kafka Connect found ${count} ${count === 1 ? "problem" : "problems"} in the configuration. ${label}: ${messages[0]}`,
      "connector_config_invalid",
      first,
      {},
      fields,
    );
  }

  async create(
    form: Form,
    actor: Actor,
    extra: ExtraKey[] = [],
  ): Promise<{ name: string; config: ConnectorConfigEntry[] }> {
    const details: Record<string, unknown> = { connectorClass: form.connectorClass };
    let sent: Record<string, string> = {};
    await this.audited(actor, "Create Connector", form.name, details, async () => {
      const { version, major } = await this.pluginVersion();
      sent = { ...extraConfig(extra, major), ...buildConfig(form, major) };
      Object.assign(details, { debeziumVersion: version, config: auditableConfig(sent) });
      await this.client.create(form.name, sent).catch(refused(form.name));
    });
    return { name: form.name, config: maskedEntries(sent) };
  }

  /** A Kafka Connect registration payload, 1.x or 2.x keys, read with the wizard's rules. */
  register(body: ConnectorRegistration, actor: Actor) {
    const { form, extra } = readRegistration(body);
    return this.create(form, actor, extra);
  }

  async setStatus(name: string, status: "pause" | "resume", actor: Actor): Promise<ConnectorStateChange> {
    const target = status === "pause" ? "PAUSED" : "RUNNING";
    const action = status === "pause" ? "Pause Connector" : "Resume Connector";
    await this.audited(actor, action, name, { requestedState: target }, () =>
      (status === "pause" ? this.client.pause(name) : this.client.resume(name)).catch(refused(name)),
    );
    return this.waitFor(name, (c) => c.connectorState === target);
  }

  async restart(name: string, actor: Actor): Promise<ConnectorStateChange> {
    await this.audited(actor, "Restart Connector", name, { onlyFailed: true }, () =>
      this.client.restartFailed(name).catch(refused(name)),
    );
    return this.waitFor(
      name,
      (c) => ![c.connectorState, ...c.tasks.map((t) => t.state)].some((s) => s === "RESTARTING" || s === "UNASSIGNED"),
    );
  }

  async remove(name: string, actor: Actor): Promise<null> {
    await this.audited(actor, "Delete Connector", name, {}, () => this.client.remove(name).catch(refused(name)));
    return null;
  }

  private async pluginVersion(): Promise<{ version: string | null; major: number }> {
    const plugin = (await this.client.plugins()).find((p) => p.class === SQLSERVER_CONNECTOR_CLASS);
    if (!plugin)
      throw badRequest("The SQL Server connector plugin is not installed on Kafka Connect.", "connectorClass");
    // A worker that reports no version gets the current keys.
    return { version: plugin.version ?? null, major: debeziumMajor(plugin.version) ?? 2 };
  }

  /** Asynchronous on the worker: watch the status until it is there or the wait is over. */
  private async waitFor(name: string, done: (c: ConnectorSummary) => boolean): Promise<ConnectorStateChange> {
    const deadline = Date.now() + STATE_WAIT_MS;
    let last: ConnectorSummary | null = null;
    for (;;) {
      try {
        last = summarize({ name, info: null, status: await this.client.status(name) });
        if (done(last)) return { name, state: last.state, settled: true };
      } catch (err) {
        this.log.debug({ err: (err as Error).message, connector: name }, "status check failed while waiting");
      }
      if (Date.now() >= deadline) return { name, state: last?.state ?? "UNKNOWN", settled: false };
      await new Promise((r) => setTimeout(r, STATE_POLL_MS));
    }
  }

  /** Runs a change on the worker, then records it: success, or failure with the reason. */
  private async audited(
    actor: Actor,
    action: string,
    name: string,
    details: Record<string, unknown>,
    change: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await change();
    } catch (err) {
      const error = err instanceof HttpError ? err.error : "Something went wrong.";
      await this.audit(actor, action, name, "failure", { ...details, error }).catch((auditErr: Error) =>
        this.log.warn({ err: auditErr.message, action, connector: name }, "failed change could not be audited"),
      );
      throw err;
    }
    await this.audit(actor, action, name, "success", details).catch((err: Error) => {
      // The worker has made the change; nothing can undo it, so the log keeps the event instead.
      this.log.error(
        { err: err.message, action, connector: name, actor: actor.username },
        "change made but not audited",
      );
      throw err;
    });
  }

  private audit(actor: Actor, action: string, name: string, status: string, details: Record<string, unknown>) {
    return this.db.tx((q) =>
      writeAudit(q, {
        source: AUDIT_SOURCE,
        action,
        actor,
        status,
        subjectName: name,
        summary: `${action} ${name}`,
        details,
      }),
    );
  }
}

/** Turns the worker's 4xx into the console's error: 404 not found, 409 exists, 400 bad input. */
function refused(name: string, field?: string) {
  return (err: unknown): never => {
    if (!(err instanceof WorkerRefusal)) throw err;
    if (err.status === 404) throw notFound(`Connector ${name}`);
    if (err.status === 409) throw conflict(`A connector named ${name} already exists.`, "name");
    throw badRequest(`Kafka Connect refused the request: ${cleanMessage(err.workerMessage)}`, field);
  };
}

/** The worker's message without its pointer to the validate endpoint, on one line. */
function cleanMessage(message: string): string {
  return message
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("You can also find the above list of errors"))
    .join(" ")
    .trim();
}
