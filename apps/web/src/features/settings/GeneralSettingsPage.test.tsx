// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useShell } from "../../app/state";
import { renderRoutes } from "../../test/render";
import GeneralSettingsPage from "./GeneralSettingsPage";
import { settingsPaths } from "./links";

const TERMS = { prohibitedUses: "", liabilityLimits: "", dataQualityDisclaimer: "", terminationConditions: "" };
const PREFERENCES = { is_scheduled: false, schedule_interval: 300, users_to_exclude: "", admin_groups: "" };

function renderPage() {
  return renderRoutes([
    { path: settingsPaths.general, element: <GeneralSettingsPage /> },
    { path: settingsPaths.menu, element: <p>the menu permissions</p> },
  ]);
}

/** Leaves through the settings sub-menu, as a user does. */
const goToMenuPermissions = () => fireEvent.click(screen.getByRole("menuitem", { name: "Menu permissions" }));

describe("general settings with unsaved changes", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const u = String(url);
        const body = u.includes("default-terms")
          ? TERMS
          : u.includes("analytics/preferences")
            ? PREFERENCES
            : u.includes("/names")
              ? []
              : {};
        return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("leaves at once when nothing changed", async () => {
    const router = renderPage();
    await screen.findByLabelText("Prohibited uses");
    expect(useShell.getState().hasUnsavedChanges).toBe(false);
    goToMenuPermissions();
    await screen.findByText("the menu permissions");
    expect(router.state.location.pathname).toBe(settingsPaths.menu);
  });

  it("asks before leaving with a changed form, stays on Cancel and leaves on Confirm", async () => {
    const router = renderPage();
    fireEvent.change(await screen.findByLabelText("Prohibited uses"), { target: { value: "No resale" } });
    // Signing out reads the same flag (the header asks when it is set).
    await waitFor(() => expect(useShell.getState().hasUnsavedChanges).toBe(true));
    goToMenuPermissions();
    const ask = await screen.findByText("You have unsaved changes. Leave without saving?");
    const dialog = ask.closest(".ant-modal") as HTMLElement;
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe(settingsPaths.general);
    expect((screen.getByLabelText("Prohibited uses") as HTMLTextAreaElement).value).toBe("No resale");

    goToMenuPermissions();
    // The first question may still be fading out: the new one is the last.
    await waitFor(() => expect(screen.getAllByText("You have unsaved changes. Leave without saving?")).toHaveLength(2));
    const again = screen.getAllByText("You have unsaved changes. Leave without saving?").at(-1)!;
    fireEvent.click(within(again.closest(".ant-modal") as HTMLElement).getByRole("button", { name: "Confirm" }));
    await screen.findByText("the menu permissions");
    expect(useShell.getState().hasUnsavedChanges).toBe(false);
  });

  it("counts a change in either form: undoing one keeps the other's", async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText("Prohibited uses"), { target: { value: "No resale" } });
    const scheduled = await screen.findByRole("switch", { name: "Scheduled refresh" });
    fireEvent.click(scheduled);
    await waitFor(() => expect(useShell.getState().hasUnsavedChanges).toBe(true));
    fireEvent.change(screen.getByLabelText("Prohibited uses"), { target: { value: "" } });
    goToMenuPermissions();
    expect(await screen.findByText("You have unsaved changes. Leave without saving?")).toBeTruthy();
  });
});
