import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";

describe("configuration", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.publicUrl).toBe("http://127.0.0.1:8080");
    expect(c.embeddedIdp).toBe(true);
    expect(c.issuer).toBe("http://127.0.0.1:8080/oidc");
    expect(c.ADMIN_USERNAME).toBe("admin");
    expect(c.LICENSING_ENABLED).toBe(false);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, "Invalid configuration: PORT must be a port number"],
    [{ PORT: "70000" }, "Invalid configuration: PORT must be between 1 and 65535"],
    [{ DATABASE_URL: "mysql://x" }, "Invalid configuration: DATABASE_URL must be a postgres:// connection URL"],
    [{ PUBLIC_URL: "console.example.com" }, "Invalid configuration: PUBLIC_URL must be an absolute http(s) URL"],
    [{ OIDC_ISSUER: "ftp://idp" }, "Invalid configuration: OIDC_ISSUER must be an absolute http(s) URL"],
    [{ LICENSING_ENABLED: "maybe" }, "Invalid configuration: LICENSING_ENABLED must be true or false"],
    [{ RESTRICTED_MENUS: "audits,nonsense" }, "Invalid configuration: RESTRICTED_MENUS must list menu keys"],
    [{ DEFAULT_LANDING: "nowhere" }, "Invalid configuration: DEFAULT_LANDING must be one of"],
    [{ ADMIN_PASSWORD: "short" }, "Invalid configuration: ADMIN_PASSWORD must be at least 12 characters"],
    [{ TRINO_INGEST_TOKEN: "short" }, "Invalid configuration: TRINO_INGEST_TOKEN must be at least 16 characters"],
    [{ AIRFLOW_API_VERSION: "v3" }, "Invalid configuration: AIRFLOW_API_VERSION must be v1 or v2"],
    [{ AUDIT_RETENTION_DAYS: "0" }, "Invalid configuration: AUDIT_RETENTION_DAYS must be at least 1"],
    [{ AUDIT_RETENTION_DAYS: "1.5" }, "Invalid configuration: AUDIT_RETENTION_DAYS must be a whole number of days"],
  ])("stops on a bad value: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("reads TRUST_PROXY as a number of proxies or their addresses, and refuses true", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
      "loopback",
    ]);
    for (const value of ["true", "TRUE", "yes"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY cannot be true: it would believe every X-Forwarded-For entry/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: "11" })).toThrow("TRUST_PROXY must be a number of proxies between 0 and 10");
    for (const [value, bad] of [
      ["10.0.0.0/33", "10.0.0.0/33"],
      ["10.0.0.1, proxy.example", "proxy.example"],
      ["1.2.3.4/8/1", "1.2.3.4/8/1"],
    ])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`(${bad} is neither)`);
  });

  it("points at an external issuer by configuration alone", () => {
    const c = loadConfig({ OIDC_ISSUER: "https://keycloak.example.com/realms/data/", OIDC_CLIENT_ID: "console" });
    expect(c.embeddedIdp).toBe(false);
    expect(c.issuer).toBe("https://keycloak.example.com/realms/data");
    expect(c.audience).toBe("console");
  });
});
