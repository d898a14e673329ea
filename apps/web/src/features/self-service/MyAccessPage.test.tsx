// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { App } from "antd";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/render";
import MyAccessPage from "./MyAccessPage";

const request = (id: number, status: string, rejectionReason: string | null) => ({
  id,
  policyName: `request-${id}`,
  catalog: "hive",
  schema: "sales",
  tables: [`table_${id}`],
  privileges: ["SELECT"],
  status,
  inForce: false,
  reason: "Quarterly report",
  rejectionReason,
  startDate: null,
  endDate: null,
  createdAt: "2026-11-20T10:00:00Z",
});

describe("My access's requests", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const body = String(url).endsWith("/me/requests")
          ? {
              items: [request(1, "rejected", "No sign-off from the data owner."), request(2, "pending", null)],
            }
          : String(url).endsWith("/me/access")
            ? { username: "bob", groups: [], publication: null, tables: [] }
            : String(url).endsWith("/me/denials")
              ? { items: [] }
              : {};
        return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the reviewer's reason with a rejected request, and none with a pending one", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <MemoryRouter>
            <MyAccessPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const requests = await screen.findByRole("table", { name: "My access requests" });
    const rejected = await within(requests).findByRole("row", { name: /table_1/ });
    within(rejected).getByText("Reviewer's reason: No sign-off from the data owner.");
    const pending = within(requests).getByRole("row", { name: /table_2/ });
    expect(within(pending).queryByText(/Reviewer's reason/)).toBeNull();
  });
});
