import { describe, expect, it } from "vitest";
import { runtimeWarning } from "../src/platform/runtime.js";

describe("the Node.js release check at start", () => {
  it("is silent on the supported releases", () => {
    for (const v of ["22.0.0", "22.23.3", "24.21.0", "v24.1.0", "25.2.1"]) expect(runtimeWarning(v)).toBeNull();
  });

  it("warns on older ones, naming the release and the supported ones", () => {
    expect(runtimeWarning("20.20.2")).toMatch(/^Node\.js 20\.20\.2 is not supported: use Node\.js 22 or 24 \(LTS\)\./);
    expect(runtimeWarning("18.19.0")).toContain("not supported");
    expect(runtimeWarning("21.7.3")).toContain("not supported");
  });
});
