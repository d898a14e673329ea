import type { TestProject } from "vitest/node";
import { createTestDatabase } from "../../apps/server/test/support/db.js";
import { startDirectory } from "./directory.js";
import { clearPublishingLock } from "./lock.js";
import { startServer } from "./server.js";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

/** One console for the whole browser suite, on its own PostgreSQL database. */
export default async function setup(project: TestProject) {
  await clearPublishingLock();
  const database = await createTestDatabase();
  // User management syncs from a real LDAP directory (slapd on a loopback port).
  const directory = await startDirectory();
  const server = await startServer("console", {
    DATABASE_URL: database.url,
    ...directory.env(),
    // Both client-configuration modes, so the guides show their internal/external switch.
    CLIENT_TRINO_EXTERNAL_HOST: "trino.example.com",
  }).catch(async (err: unknown) => {
    await directory.stop();
    await database.drop();
    throw err;
  });
  project.provide("baseUrl", server.url);
  project.provide("databaseUrl", database.url);
  return async () => {
    await server.stop();
    await directory.stop();
    await database.drop();
  };
}
