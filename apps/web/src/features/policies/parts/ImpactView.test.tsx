// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ImpactChange, ImpactPreview } from "@console/contracts";
import "../../../test/render";
import { ImpactView } from "./ImpactView";

const change = (user: string, userExists: boolean): ImpactChange => ({
  kind: "denied",
  user,
  userExists,
  table: "hive.sales.orders",
  column: null,
  columns: ["id"],
  before: null,
  after: null,
  queries: 3,
  lastSeen: "2026-11-20T10:00:00Z",
});

function preview(): ImpactPreview {
  const changes = [change("ann", true), change("svc-airflow", false)];
  return {
    mode: "sync",
    window: 30,
    publication: 4,
    summary: "2 users lose access to 1 table that 6 queries read in the last 30 days",
    totals: {
      users: 2,
      tables: 1,
      queries: 6,
      deniedUsers: 2,
      deniedTables: 1,
      deniedQueries: 6,
      allowedUsers: 0,
      changes: 2,
      impersonationDenied: 0,
      impersonationDeniedQueries: 0,
    },
    byUser: changes.map((c) => ({
      key: c.user,
      userExists: c.userExists,
      queries: 3,
      lastSeen: c.lastSeen,
      changes: [c],
    })),
    byTable: [{ key: "hive.sales.orders", userExists: null, queries: 6, lastSeen: changes[0]!.lastSeen, changes }],
    impersonations: [],
    truncated: false,
  };
}

describe("the impact preview's users", () => {
  it("calls a Trino user the console does not know what it is, and explains it on focus", async () => {
    render(<ImpactView data={preview()} loading={false} error={null} window={30} />);
    expect(screen.queryByText("No longer exists")).toBeNull();
    const tags = screen.getAllByText("Not a console user");
    // Only the user the console does not hold is marked.
    expect(tags).toHaveLength(1);
    expect(tags[0]!.closest(".ant-collapse-header")!.textContent).toContain("svc-airflow");
    fireEvent.focus(tags[0]!);
    fireEvent.mouseEnter(tags[0]!);
    const tip = await screen.findByRole("tooltip");
    expect(
      within(tip).getByText(/a service account, a user Trino signs in elsewhere, or a user since removed/),
    ).toBeTruthy();
  });
});
