import { describe, expect, it } from "vitest";
import { bodyOf, scopeLabels } from "./start-review";

describe("the start dialog's body", () => {
  it("sends the chosen policies by id, with the places and groups, as the API reads them", () => {
    const body = bodyOf({
      name: "Q4 sales",
      catalogs: [],
      schemas: ["hive.sales"],
      tables: [],
      policies: [
        { value: 12, label: "order lines (#12)" },
        { value: 40, label: "returns (#40)" },
      ],
      groups: ["analysts"],
      reviewers: [],
      dueDate: "2026-12-04",
      unanswered: "revoke",
      publishOnClose: false,
    });
    expect(body.scope).toEqual({
      catalogs: [],
      schemas: ["hive.sales"],
      tables: [],
      policies: [12, 40],
      groups: ["analysts"],
    });
    expect(body.reviewers).toEqual({ users: [], group: null });
  });

  it("takes the fields the form never touched as empty (the form sets only its initial values)", () => {
    const body = bodyOf({
      name: "Only a policy",
      policies: [{ value: 7, label: "p (#7)" }],
      dueDate: "2026-12-04",
      unanswered: "keep",
    } as never);
    expect(body.scope.policies).toEqual([7]);
    expect(body.scope).toEqual({ catalogs: [], schemas: [], tables: [], policies: [7], groups: [] });
    expect(body.publishOnClose).toBe(false);
  });
});

describe("a review's scope on its page", () => {
  it("names each place, policy and group it covers", () => {
    expect(
      scopeLabels({
        catalogs: ["hive"],
        schemas: ["hive.sales"],
        tables: [],
        policies: [12, 40],
        groups: ["analysts"],
      }),
    ).toEqual(["hive", "hive.sales", "policy #12", "policy #40", "group analysts"]);
  });
});
