// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/render";
import PolicyWizardPage from "./PolicyWizardPage";

const LOOKUPS = {
  catalogs: [{ name: "hive", schemas: [{ name: "sales", tables: [{ name: "orders" }] }] }],
  loadedAt: "2026-11-25T00:00:00Z",
};

function renderWizard() {
  // A data router, as the app has: the wizard blocks leaving with unsaved changes.
  return renderRoutes([{ path: "/policy-management/new", element: <PolicyWizardPage /> }]);
}

/** Picks an option of an antd select by its label. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  const listbox = await screen.findAllByTitle(option);
  fireEvent.click(listbox.at(-1)!);
}

describe("the policy wizard's step gating", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const body = String(url).includes("/lookups")
          ? LOOKUPS
          : String(url).includes("/exists")
            ? { exists: false }
            : {};
        return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps Next disabled until step 1's required fields are there, then shows the access step", async () => {
    renderWizard();
    const next = await screen.findByRole("button", { name: "Next" });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Policy name"), { target: { value: "gated" } });
    await choose("Category", "Catalog");
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await choose("Catalog", "hive");
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    // A catalog policy has two steps: details and access controls.
    expect(screen.getByText("Access controls")).toBeTruthy();
    expect(screen.queryByText("Column masks")).toBeNull();
    expect(screen.queryByText("Row filters")).toBeNull();
    fireEvent.click(next);
    await screen.findByRole("combobox", { name: "Access" });
    expect(within(document.body).queryByRole("button", { name: "Next" })).toBeNull();
  });
});
