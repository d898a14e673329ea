// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import "../../test/render";
import { FilterPopover } from "./FilterPopover";

type F = { search: string };
const DEFAULTS: F = { search: "" };

function Harness(props: { onApply: (f: F) => void; initial?: F }) {
  const [applied, setApplied] = useState<F>(props.initial ?? DEFAULTS);
  return (
    <>
      <FilterPopover<F>
        applied={applied}
        defaults={DEFAULTS}
        onApply={(f) => {
          props.onApply(f);
          setApplied(f);
        }}
      >
        {(draft, set) => (
          <input aria-label="Search" value={draft.search} onChange={(e) => set({ search: e.target.value })} />
        )}
      </FilterPopover>
      <output aria-label="Applied">{applied.search}</output>
    </>
  );
}

const open = () => fireEvent.click(screen.getByRole("button", { name: "Filter" }));

describe("the filter popover", () => {
  it("keeps a draft until Apply, which is disabled while nothing changed", async () => {
    const onApply = vi.fn();
    render(<Harness onApply={onApply} />);
    open();
    const apply = await screen.findByRole("button", { name: "Apply" });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "orders" } });
    expect((apply as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByLabelText("Applied").textContent).toBe("");
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith({ search: "orders" });
    expect(screen.getByLabelText("Applied").textContent).toBe("orders");
  });

  it("offers Clear only when filters differ from the defaults, and Clear applies the defaults", async () => {
    const onApply = vi.fn();
    const { unmount } = render(<Harness onApply={onApply} />);
    open();
    await screen.findByRole("button", { name: "Apply" });
    expect(screen.queryByRole("button", { name: "Clear" })).toBeNull();
    unmount();

    render(<Harness onApply={onApply} initial={{ search: "orders" }} />);
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Clear" }));
    expect(onApply).toHaveBeenLastCalledWith(DEFAULTS);
    await waitFor(() => expect(screen.getByLabelText("Applied").textContent).toBe(""));
  });

  it("drops an unapplied draft when reopened", async () => {
    render(<Harness onApply={vi.fn()} />);
    open();
    fireEvent.change(await screen.findByLabelText("Search"), { target: { value: "draft only" } });
    open(); // closes
    open(); // opens again
    await waitFor(() => expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe(""));
  });
});
