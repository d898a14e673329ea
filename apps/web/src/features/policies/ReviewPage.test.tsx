// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/render";
import { aPolicy } from "../../test/policy";
import ReviewPage from "./ReviewPage";

const REQUEST = aPolicy({
  id: 7,
  policyName: "request-bob-customers",
  approvalStatus: "PENDING_APPROVAL",
  syncStatus: "pendingApproval",
  tables: ["customers"],
  assignToUsers: ["bob"],
  createdBy: "bob",
});
const COLUMNS = {
  tables: [
    {
      table: "customers",
      columns: [
        { name: "email", dataType: "varchar(255)" },
        { name: "country", dataType: "char(2)" },
      ],
    },
  ],
};

/** The calls made, with their bodies. */
let calls: Array<{ method: string; url: string; body: unknown }>;
let answer: (method: string, url: string) => { status: number; body: unknown } | null;

function renderReview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/policy-management/:id/review", element: <ReviewPage /> },
      { path: "/policy-management", element: <p>Policy list</p> },
    ],
    { initialEntries: ["/policy-management/7/review"] },
  );
  return render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
}

const decisions = () => calls.filter((c) => c.method === "PUT");

describe("the review page of a table access request", () => {
  beforeEach(() => {
    calls = [];
    answer = () => null;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? "GET";
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const a = answer(method, url) ?? {
          status: 200,
          body: url.includes("/lookups/columns")
            ? COLUMNS
            : url.endsWith("/acl/7")
              ? REQUEST
              : method === "PUT"
                ? { message: "Done." }
                : {},
        };
        return new Response(JSON.stringify(a.body), {
          status: a.status,
          headers: { "content-type": "application/json" },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds a mask and a row filter, and approves with them", async () => {
    renderReview();
    await screen.findByText(
      "Add the column masks and row filters the grant goes with; they are saved when you approve.",
    );
    await choose("Table", "customers");
    await choose("Column", "email (varchar(255))");
    await choose("Mask type", "Predefined");
    await choose("Mask", "Hash");
    fireEvent.click(screen.getByRole("button", { name: "Add mask" }));
    await choose("Row filter table", "customers");
    await choose("Row filter column", "country (char(2))");
    await choose("Condition", "IN");
    fireEvent.change(screen.getByRole("textbox", { name: "Value" }), { target: { value: "AE, SA" } });
    fireEvent.click(screen.getByRole("button", { name: "Add row filter" }));
    await screen.findByRole("cell", { name: "AE, SA" });

    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]!.url).toMatch(/\/acl\/7\/approve$/);
    expect(decisions()[0]!.body).toMatchObject({
      columnDetails: [{ table: "customers", name: "email", type: "predefine", mask: "hash" }],
      rowFilters: [{ table: "customers", columnName: "country", filterCondition: "IN", value: "AE, SA" }],
    });
    // Eight antd selects, each opened and chosen: slow on a busy machine.
  }, 90_000);
});
