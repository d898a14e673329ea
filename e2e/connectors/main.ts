import { expect } from "vitest";
import type { Page } from "playwright-core";

/** A password the tests type; it must never appear unmasked until revealed. */
export const DB_PASSWORD = "E2e-Db-Secret-77";

/** Creates a connector through the console's API, as the wizard would. */
export async function seedConnector(baseUrl: string, token: string, name: string): Promise<void> {
  const res = await fetch(`${baseUrl}/admin-api/api/v1/connectors`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      name,
      connectorClass: "io.debezium.connector.sqlserver.SqlServerConnector",
      dbHostname: "mssql.e2e.svc",
      dbPort: "1433",
      dbUser: "debezium",
      dbPassword: DB_PASSWORD,
      dbName: "sales",
      dbServerName: name,
      kafkaBootstrapServer: "kafka:9092",
      schemaName: `schema-changes.${name}`,
      tablesToWhiteList: ["dbo.customers"],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The list's row of one connector. */
export const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });

/** Waits until the row shows the state (the list polls while a change is under way). */
export async function expectState(page: Page, name: string, state: string): Promise<void> {
  await rowOf(page, name).getByText(state, { exact: true }).waitFor({ timeout: 15_000 });
}

/** A field of the wizard by its label (antd puts a required mark before the label text). */
export const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: false });

/** Fills the wizard's database step. */
export async function fillDatabaseStep(page: Page, host: string): Promise<void> {
  await field(page, "Host name").fill(host);
  await field(page, "Port").fill("1433");
  await field(page, "User").fill("debezium");
  await page.getByLabel("Password", { exact: false }).and(page.locator("input[type=password]")).fill(DB_PASSWORD);
  await field(page, "Database name").fill("sales");
  await field(page, "Server name").fill("sales");
  await field(page, "Bootstrap server").fill("kafka:9092");
  await field(page, "Schema change topic").fill("schema-changes.sales");
}
