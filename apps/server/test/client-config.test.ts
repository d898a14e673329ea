import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArrowModes, parseClientModes } from "@console/contracts";
import { makeApp, type TestApp } from "./support/app.js";
import { adminToken, bearer, tokenFor } from "./support/auth.js";
import { DB_KINDS } from "./support/db.js";
import { assignMenus, seedUser, USER_PASSWORD } from "./support/seed.js";

describe("client-config mode setting", () => {
  it("keeps only internal and external, and offers both when none is valid", () => {
    expect(parseClientModes("internal")).toEqual(["internal"]);
    expect(parseClientModes(" external , bogus")).toEqual(["external"]);
    expect(parseClientModes("external,internal")).toEqual(["internal", "external"]);
    expect(parseClientModes("bogus,,")).toEqual(["internal", "external"]);
    expect(parseClientModes(undefined)).toEqual(["internal", "external"]);
  });

  it("gives Arrow both modes only with two distinct valid entries, else the single one, else internal", () => {
    expect(parseArrowModes("internal,external")).toEqual(["internal", "external"]);
    expect(parseArrowModes("external,external")).toEqual(["external"]);
    expect(parseArrowModes("external,nope")).toEqual(["external"]);
    expect(parseArrowModes("nope")).toEqual(["internal"]);
    expect(parseArrowModes(undefined)).toEqual(["internal"]);
  });
});

describe.each(DB_KINDS)("client configuration API (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp(kind, {
      CLIENT_TRINO_HOST: "trino.internal.example",
      CLIENT_TRINO_PORT: "8443",
      CLIENT_TRINO_EXTERNAL_HOST: "trino.example.com",
      CLIENT_TRINO_EXTERNAL_PORT: "443",
      CLIENT_CONFIG_MODE: "internal,external",
      DOCS_URL: "https://docs.example.com/platform",
    });
    await seedUser(t.testDb.db, "ann");
    await assignMenus(t.testDb.db, "ann", ["audits"]);
    await t.services.bus.publish("access");
  });
  afterAll(() => t.close());

  it("answers both modes with their hosts, ports and addresses", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/client-configuration",
      headers: bearer(await adminToken(t.app)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      modes: ["internal", "external"],
      arrowModes: ["internal", "external"],
      endpoints: {
        internal: {
          host: "trino.internal.example",
          port: 8443,
          url: "https://trino.internal.example:8443",
          arrowUrl: "grpc+tls://trino.internal.example:8443",
        },
        external: {
          host: "trino.example.com",
          port: 443,
          url: "https://trino.example.com:443",
          arrowUrl: "grpc+tls://trino.example.com:8443",
        },
      },
      catalog: "hive",
      docsUrl: "https://docs.example.com/platform",
    });
  });

  it("is refused to a user without the client-configuration menu", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/client-configuration",
      headers: bearer(await tokenFor(t.app, "ann", USER_PASSWORD)),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("client configuration without an external host", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp("pglite", { CLIENT_CONFIG_MODE: "external" });
  });
  afterAll(() => t.close());

  it("falls back to internal when external is asked for but not configured", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/admin-api/api/v1/client-configuration",
      headers: bearer(await adminToken(t.app)),
    });
    const body = res.json();
    expect(body.modes).toEqual(["internal"]);
    expect(body.arrowModes).toEqual(["internal"]);
    expect(body.endpoints.external).toBeNull();
    expect(body.endpoints.internal.host).toBe("trino.trino.svc.cluster.local");
  });
});
