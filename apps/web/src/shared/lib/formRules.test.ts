import { describe, expect, it } from "vitest";
import { POLICY_LIMITS } from "@console/contracts/constants";
import { maxRule } from "./formRules";

describe("maxRule", () => {
  it("limits to the contracts' figure and names it in the message", () => {
    expect(maxRule(POLICY_LIMITS.name, (max) => `At most ${max} characters`)).toEqual({
      max: POLICY_LIMITS.name,
      message: `At most ${POLICY_LIMITS.name} characters`,
    });
  });
});
