import { describe, expect, it } from "vitest";
import { ConnectorForm } from "@console/contracts";
import {
  auditableConfig,
  buildConfig,
  debeziumMajor,
  fieldForKey,
  isSecretKey,
  maskedEntries,
} from "../src/modules/connectors/payload.js";
import { summarize } from "../src/modules/connectors/service.js";
import { form } from "./connectors-support.js";

const parsed = (over: Record<string, unknown> = {}) => ConnectorForm.parse(form(over));

describe("the connector payload", () => {
  it("reads the major version of a plugin version", () => {
    expect(debeziumMajor("2.5.4.Final")).toBe(2);
    expect(debeziumMajor("1.9.7.Final")).toBe(1);
    expect(debeziumMajor("3.0.0.CR1")).toBe(3);
    expect(debeziumMajor("unknown")).toBeNull();
    expect(debeziumMajor(null)).toBeNull();
  });

  it("escapes the one regular-expression character an identifier may hold", () => {
    const config = buildConfig(parsed({ tablesToWhiteList: ["dbo.pay$roll", "hr.staff"], tablesToInclude: [] }), 2);
    expect(config["table.include.list"]).toBe("dbo.pay\\$roll,hr.staff");
  });

  it("leaves optional settings out when they are not given", () => {
    const config = buildConfig(
      parsed({
        snapshotMode: undefined,
        pollInterval: undefined,
        maxQueueSize: undefined,
        decimalHandlingMode: undefined,
      }),
      2,
    );
    for (const key of ["snapshot.mode", "poll.interval.ms", "max.queue.size", "decimal.handling.mode"])
      expect(Object.keys(config), key).not.toContain(key);
    expect(config["max.batch.size"]).toBe("2048");
  });

  it("maps the worker's keys back to the form's fields for each version", () => {
    const withInclude = parsed();
    const withoutInclude = parsed({ tablesToInclude: [] });
    expect(fieldForKey("topic.prefix", withInclude, 2)).toBe("dbServerName");
    expect(fieldForKey("database.server.name", withInclude, 1)).toBe("dbServerName");
    expect(fieldForKey("schema.history.internal.kafka.topic", withInclude, 2)).toBe("schemaName");
    expect(fieldForKey("table.include.list", withInclude, 2)).toBe("tablesToInclude");
    expect(fieldForKey("table.include.list", withoutInclude, 2)).toBe("tablesToWhiteList");
    expect(fieldForKey("table.whitelist", withInclude, 1)).toBe("tablesToWhiteList");
    expect(fieldForKey("errors.tolerance", withInclude, 2)).toBeNull();
  });

  it("treats password-like keys as secrets and keeps them out of lists and audits", () => {
    for (const key of ["database.password", "ssl.key.password", "sasl.jaas.config", "basic.auth.user.info"])
      expect(isSecretKey(key), key).toBe(true);
    for (const key of ["database.user", "key.converter", "topic.prefix"]) expect(isSecretKey(key), key).toBe(false);
    const config = { "topic.prefix": "a", "database.password": "pw", name: "n", "connector.class": "c" };
    expect(maskedEntries(config)).toEqual([
      { key: "name", value: "n", secret: false },
      { key: "connector.class", value: "c", secret: false },
      { key: "database.password", value: null, secret: true },
      { key: "topic.prefix", value: "a", secret: false },
    ]);
    expect(auditableConfig(config)).toEqual({ "topic.prefix": "a", name: "n", "connector.class": "c" });
  });
});

describe("the list's status of a connector", () => {
  const status = (connector: string, tasks: string[]) => ({
    name: "c",
    connector: { state: connector, worker_id: "w:8083" },
    tasks: tasks.map((state, id) => ({ id, state, worker_id: "w:8083" })),
  });

  it("is FAILED when a task failed while the connector runs, else the connector's own state", () => {
    expect(summarize({ name: "c", info: null, status: status("RUNNING", ["RUNNING", "FAILED"]) }).state).toBe("FAILED");
    expect(summarize({ name: "c", info: null, status: status("PAUSED", ["PAUSED"]) }).state).toBe("PAUSED");
    expect(summarize({ name: "c", info: null, status: status("RESTARTING", []) }).state).toBe("RESTARTING");
    expect(summarize({ name: "c", info: null, status: null })).toMatchObject({ state: "UNKNOWN", tasks: [] });
  });
});
