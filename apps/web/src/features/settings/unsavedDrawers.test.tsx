// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useShell } from "../../app/state";
import { UploadLicenceDrawer } from "../licences/UploadLicenceDrawer";
import { SecretDrawer } from "../secrets/SecretDrawer";
import { renderRoutes } from "../../test/render";

const ASK = "You have unsaved changes. Leave without saving?";

/** A settings drawer open on a page, and a way off the page (as the side menu gives one). */
function renderOnPage(drawer: ReactNode) {
  function Page() {
    const navigate = useNavigate();
    return (
      <>
        <button onClick={() => void navigate("/elsewhere")}>Leave</button>
        {drawer}
      </>
    );
  }
  return renderRoutes([
    { path: "/settings/here", element: <Page /> },
    { path: "/elsewhere", element: <p>elsewhere</p> },
  ]);
}

describe("settings drawers with something typed", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ exists: false }), { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["a secret's drawer", <SecretDrawer key="s" open secret={null} onClose={() => undefined} />],
    ["the licence upload drawer", <UploadLicenceDrawer key="l" open onClose={() => undefined} />],
  ])("%s asks before the page is left, and stays on Cancel", async (_what, drawer) => {
    const router = renderOnPage(drawer);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    // Nothing typed: it leaves at once.
    await screen.findByText("elsewhere");
    await router.navigate("/settings/here");
    fireEvent.change(await within(await screen.findByRole("dialog")).findByLabelText(/^Description/), {
      target: { value: "typed" },
    });
    await waitFor(() => expect(useShell.getState().hasUnsavedChanges).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    const ask = await screen.findByText(ASK);
    fireEvent.click(within(ask.closest(".ant-modal") as HTMLElement).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/here"));
    expect(dialog).toBeTruthy();
  });

  it.each([
    ["a secret's drawer", (onClose: () => void) => <SecretDrawer open secret={null} onClose={onClose} />],
    ["the licence upload drawer", (onClose: () => void) => <UploadLicenceDrawer open onClose={onClose} />],
  ])("%s asks before its close button or Escape drops what was typed", async (_what, drawer) => {
    const onClose = vi.fn();
    renderOnPage(drawer(onClose));
    const dialog = await screen.findByRole("dialog");
    // Nothing typed: the close button closes at once.
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: "typed" } });
    await waitFor(() => expect(useShell.getState().hasUnsavedChanges).toBe(true));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    const asked = async (n: number) => {
      // A confirmation closed stays in the page while it fades: take the newest.
      await waitFor(() => expect(screen.getAllByText(ASK)).toHaveLength(n));
      return screen.getAllByText(ASK).at(-1)!.closest(".ant-modal") as HTMLElement;
    };
    fireEvent.click(within(await asked(1)).getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(dialog, { key: "Escape", code: "Escape", keyCode: 27 });
    fireEvent.click(within(await asked(2)).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
