// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useShell } from "../../app/state";
import { renderRoutes } from "../../test/render";
import { AddUserDrawer } from "./AddUserDrawer";

/** The drawer as the users page holds it: under the app's data router (its unsaved-changes guard needs one). */
function renderDrawer(onClose: () => void = () => undefined) {
  return renderRoutes([{ path: "/", element: <AddUserDrawer open onClose={onClose} /> }]);
}

const type = (value: string) => fireEvent.change(screen.getByLabelText("Username"), { target: { value } });
const preview = () => screen.queryAllByRole("status").find((s) => s.textContent?.startsWith("Will be saved as"));

describe("the add-user drawer's username preview", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("[]", { status: 200, headers: { "content-type": "application/json" } })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("previews the name a typed username is saved as", async () => {
    renderDrawer();
    type("Ann Lee");
    await waitFor(() => expect(preview()?.textContent).toBe("Will be saved as annlee"));
  });

  it("previews nothing the rule forbids, and names the forbidden characters instead", async () => {
    renderDrawer();
    type("José Ruiz!");
    await screen.findByText("A username cannot hold é !: use lower-case letters, digits, dot, dash, underscore or @.");
    expect(preview()).toBeUndefined();
    // Allowed characters but too short: the rule itself is the message.
    type("A");
    await screen.findByText(/^Username must be 2-64 characters/);
    expect(preview()).toBeUndefined();
  });

  it("wraps a long preview inside the drawer", async () => {
    renderDrawer();
    type(`A${"b".repeat(62)}C`);
    await waitFor(() => expect(preview()).toBeDefined());
    expect(preview()!.textContent).toBe(`Will be saved as a${"b".repeat(62)}c`);
    expect(preview()!.style.overflowWrap).toBe("anywhere");
  });

  it("asks before Escape drops a typed user, and closes at once when nothing is typed", async () => {
    const onClose = vi.fn();
    renderDrawer(onClose);
    const drawer = await screen.findByRole("dialog");
    fireEvent.keyDown(drawer, { key: "Escape", code: "Escape", keyCode: 27 });
    expect(onClose).toHaveBeenCalledTimes(1);
    type("ana");
    await waitFor(() => expect(useShell.getState().hasUnsavedChanges).toBe(true));
    fireEvent.keyDown(drawer, { key: "Escape", code: "Escape", keyCode: 27 });
    await screen.findByText("You have unsaved changes. Leave without saving?");
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
