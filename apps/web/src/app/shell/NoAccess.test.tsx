// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/render";
import { NoAccess } from "./guards";

let posted: unknown[];

describe("the page of a user without any menu", () => {
  beforeEach(() => {
    posted = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") posted.push({ url, body: JSON.parse(String(init.body)) });
        const body = String(url).endsWith("/me") ? { username: "nia", name: "Nia Noor", email: "nia@example.com" } : {};
        return new Response(JSON.stringify(body), {
          status: init?.method === "POST" ? 201 : 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the spec's sentence, shows the way to My access and opens the request form", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <MemoryRouter>
            <NoAccess />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    screen.getByRole("heading", {
      name: "You don't have access to any components. Please contact administrator for access.",
    });
    expect(screen.getByRole("link", { name: "Open My access" }).getAttribute("href")).toBe("/my-access");

    fireEvent.click(await screen.findByRole("button", { name: "Request access to a table" }));
    const form = await screen.findByRole("dialog");
    within(form).getByText(/name the catalog, schema and tables/);
    fireEvent.click(within(form).getByRole("button", { name: "Send request" }));
    await within(form).findByText("Name the catalog.");
    within(form).getByText("Name the schema.");
    expect(posted).toEqual([]);

    fireEvent.change(within(form).getByRole("textbox", { name: "Catalog" }), { target: { value: "hive" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "Schema" }), { target: { value: "sales" } });
    const tables = within(form).getByRole("combobox", { name: "Tables" });
    fireEvent.change(tables, { target: { value: "orders" } });
    fireEvent.keyDown(tables, { key: "Enter", code: "Enter" });
    fireEvent.change(within(form).getByRole("textbox", { name: "Reason" }), { target: { value: "Monthly report" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send request" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      url: expect.stringMatching(/\/acl\/requests$/),
      body: { catalogName: "hive", schemaName: "sales", tableName: "orders", tnc: { description: "Monthly report" } },
    });
  });
});
