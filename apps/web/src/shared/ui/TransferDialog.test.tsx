// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import { describe, expect, it, vi } from "vitest";
import "../../test/render";
import { TransferDialog } from "./TransferDialog";

function renderDialog(onSave = vi.fn(async () => undefined)) {
  render(
    <App>
      <TransferDialog
        open
        title="add users"
        subject="analysts"
        all={["ann", "bob", "cy"]}
        assigned={["cy"]}
        moves={{ add: "Add to group", remove: "Remove from group" }}
        onSave={onSave}
        onClose={() => undefined}
      />
    </App>,
  );
  return onSave;
}

describe("the two-list dialog", () => {
  it("names its move buttons for what they do, and its search boxes after their lists", async () => {
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("button", { name: "Add to group" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Remove from group" })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "right" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "left" })).toBeNull();
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Search available" })).toBeTruthy());
    expect(within(dialog).getByRole("textbox", { name: "Search assigned" })).toBeTruthy();
  });

  it("moves the chosen names with Add to group and saves what changed", async () => {
    const onSave = renderDialog();
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByRole("checkbox", { name: "bob" })).toBeTruthy());
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "bob" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add to group" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "cy" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove from group" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ toAssign: ["bob"], toRemove: ["cy"] }));
  });
});
