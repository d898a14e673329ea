import { describe, expect, it } from "vitest";
import i18n, { loadTexts } from "../../i18n";
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

describe("a review's progress line", () => {
  it("counts one item in the singular and more in the plural", async () => {
    await loadTexts("access-reviews");
    const counts = { total: 1, open: 1, keep: 0, revoke: 0, end: 0 };
    expect(i18n.t("reviews.counts", { ...counts, count: 1 })).toBe("1 item: 1 open, 0 kept, 0 revoked, 0 ending");
    expect(i18n.t("reviews.counts", { ...counts, total: 3, open: 3, count: 3 })).toBe(
      "3 items: 3 open, 0 kept, 0 revoked, 0 ending",
    );
  });
});
