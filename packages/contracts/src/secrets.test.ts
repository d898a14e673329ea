import { describe, expect, it } from "vitest";
import { normalizeSecretName, SECRET_NAME_PATTERN } from "./secret-constants.js";
import { SecretWrite } from "./secrets.js";

describe("secret names", () => {
  it("keeps letters, digits and hyphens, lower-cased, as the name field does while typing", () => {
    expect(normalizeSecretName("E2E Warehouse_DB!")).toBe("e2ewarehousedb");
    expect(normalizeSecretName("Kafka-Connect.Password")).toBe("kafka-connectpassword");
    expect(normalizeSecretName("ÄÖÜ-ok")).toBe("-ok");
  });

  it("accepts what Kubernetes accepts as a Secret name", () => {
    for (const ok of ["a", "db-1", "x".repeat(50)]) expect(SECRET_NAME_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["", "-a", "a-", "A", "a_b", "a.b"]) expect(SECRET_NAME_PATTERN.test(bad), bad).toBe(false);
  });

  it("trims the description, and leaves the value exactly as typed", () => {
    const parsed = SecretWrite.parse({ name: "db", description: "  text  ", value: "  spaced  " });
    expect(parsed).toEqual({ name: "db", description: "text", value: "  spaced  " });
    expect(SecretWrite.safeParse({ name: "x".repeat(51), description: "d" }).success).toBe(false);
  });
});
