import { describe, expect, it } from "vitest";
import {
  apiErrorsToFields,
  fieldProblem,
  furthestReachable,
  stepComplete,
  stepOfField,
  toApiBody,
  WIZARD_STEPS,
  type WizardValues,
} from "./model";

const complete: WizardValues = {
  connectorClass: "io.debezium.connector.sqlserver.SqlServerConnector",
  dbHostname: "mssql.local",
  dbPort: "1433",
  dbUser: "debezium",
  dbPassword: "pw",
  dbName: "orders",
  dbServerName: "orders",
  kafkaBootstrapServer: "kafka:9092",
  schemaName: "history.orders",
  tablesToWhiteList: ["dbo.orders"],
  tablesToInclude: [],
  name: "orders-cdc",
};

describe("the connector wizard's rules", () => {
  it("keeps Next closed until every required field of the step is filled and valid", () => {
    expect(stepComplete(WIZARD_STEPS[0]!, {})).toBe(false);
    expect(stepComplete(WIZARD_STEPS[0]!, complete)).toBe(true);
    expect(stepComplete(WIZARD_STEPS[1]!, { ...complete, dbPort: "" })).toBe(false);
    expect(stepComplete(WIZARD_STEPS[1]!, { ...complete, dbPort: "70000" })).toBe(false);
    expect(stepComplete(WIZARD_STEPS[2]!, { ...complete, tablesToWhiteList: [] })).toBe(false);
    expect(stepComplete(WIZARD_STEPS[3]!, { ...complete, name: "   " })).toBe(false);
    expect(stepComplete(WIZARD_STEPS[3]!, complete)).toBe(true);
  });

  it("applies the lengths, digits-only and pattern rules of section 5 to trimmed values", () => {
    expect(fieldProblem("name", { name: "x".repeat(21) })).toEqual({
      key: "connectors.rule.max",
      values: { field: "connectors.field.name", max: 20 },
    });
    expect(fieldProblem("name", { name: `  ${"x".repeat(20)}  ` })).toBeNull();
    expect(fieldProblem("dbHostname", { dbHostname: "a".repeat(51) })?.key).toBe("connectors.rule.max");
    expect(fieldProblem("dbPort", { dbPort: "14a" })?.key).toBe("connectors.rule.digits");
    expect(fieldProblem("pollInterval", { pollInterval: "12345" })?.key).toBe("connectors.rule.max");
    expect(fieldProblem("pollInterval", { pollInterval: "" })).toBeNull();
    expect(fieldProblem("maxQueueSize", { maxQueueSize: "0" })?.key).toBe("connectors.rule.positive");
    expect(fieldProblem("dbPassword", { dbPassword: " pw" })?.key).toBe("connectors.rule.passwordSpaces");
    expect(fieldProblem("kafkaBootstrapServer", { kafkaBootstrapServer: "kafka" })?.key).toBe(
      "connectors.rule.bootstrap",
    );
    expect(fieldProblem("tablesToInclude", { tablesToWhiteList: ["a.b"], tablesToInclude: ["a.c"] })?.key).toBe(
      "connectors.tables.notWhitelisted",
    );
  });

  it("opens steps only up to the first incomplete one", () => {
    expect(furthestReachable({})).toBe(0);
    expect(furthestReachable({ connectorClass: complete.connectorClass })).toBe(1);
    expect(furthestReachable({ ...complete, tablesToWhiteList: [] })).toBe(2);
    expect(furthestReachable(complete)).toBe(3);
    expect(stepOfField("maxQueueSize")).toBe(3);
    expect(stepOfField("dbHostname")).toBe(1);
  });

  it("sends trimmed values, the password as typed, and no empty options", () => {
    const body = toApiBody({
      ...complete,
      name: " orders-cdc ",
      dbHostname: " h ",
      dbPassword: "p w",
      pollInterval: " ",
    });
    expect(body).toMatchObject({ name: "orders-cdc", dbHostname: "h", dbPassword: "p w" });
    expect(body.pollInterval).toBeUndefined();
    expect(body.snapshotMode).toBeUndefined();
  });

  it("puts the server's errors on the fields they belong to", () => {
    expect(
      apiErrorsToFields({ error: "x", fields: { dbHostname: ["Unable to connect"], "errors.tolerance": ["bad"] } }),
    ).toEqual({ fields: { dbHostname: ["Unable to connect"] }, other: ["errors.tolerance: bad"] });
    expect(apiErrorsToFields({ error: "body.dbPort: must contain digits only", field: "body.dbPort" })).toEqual({
      fields: { dbPort: ["must contain digits only"] },
      other: [],
    });
    expect(apiErrorsToFields({ error: "A connector named a already exists.", field: "name" })).toEqual({
      fields: { name: ["A connector named a already exists."] },
      other: [],
    });
    expect(apiErrorsToFields({ error: "Kafka Connect is unavailable: down" })).toEqual({
      fields: {},
      other: ["Kafka Connect is unavailable: down"],
    });
  });
});
