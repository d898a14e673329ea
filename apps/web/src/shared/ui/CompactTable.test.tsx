// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import "../../test/render";
import { sortRows } from "../lib/sortRows";
import { useListState } from "../lib/useListState";
import { CompactTable } from "./CompactTable";

type Row = { id: string; name: string; email: string | null };
const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i + 1),
  name: `user-${String(i + 1).padStart(2, "0")}`,
  email: i === 0 ? null : `user${i + 1}@example.com`,
}));

function Harness(props: { rows?: Row[]; loading?: boolean; onOpen?: (row: Row) => void }) {
  const list = useListState({ pageSize: 5, filters: null });
  const rows = sortRows(props.rows ?? ROWS, list.sort, { name: (r) => r.name });
  return (
    <>
      <CompactTable<Row>
        columns={[
          { title: "Name", dataIndex: "name", sortKey: "name" },
          { title: "Email", dataIndex: "email" },
        ]}
        rows={rows}
        rowKey="id"
        list={list}
        loading={props.loading}
        pageSizes={[5, 10, 15, 20]}
        label="Users"
        onRow={(r) => ({
          onClick: () => props.onOpen?.(r),
          onKeyDown: (e) => {
            if (e.key === "Enter") props.onOpen?.(r);
          },
          tabIndex: 0,
          "aria-label": `Open ${r.name}`,
        })}
      />
      <output aria-label="Sort">{list.sort ? `${list.sort.field} ${list.sort.order}` : "none"}</output>
    </>
  );
}

const sort = () => screen.getByLabelText("Sort").textContent;
const dataRows = () =>
  within(screen.getByRole("table", { name: "Users" }))
    .getAllByRole("row")
    .slice(1);
const names = () => dataRows().map((r) => r.querySelector("td")?.textContent);

describe("the compact table", () => {
  it("cycles a sortable column ascending, descending, then none by click, with aria-sort", () => {
    render(<Harness />);
    const header = screen.getByRole("columnheader", { name: /Name/ });
    expect(header.getAttribute("aria-sort")).toBe("none");
    expect(screen.getByRole("columnheader", { name: "Email" }).hasAttribute("aria-sort")).toBe(false);
    fireEvent.click(header);
    expect(sort()).toBe("name asc");
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(header);
    expect(sort()).toBe("name desc");
    expect(header.getAttribute("aria-sort")).toBe("descending");
    expect(names()[0]).toBe("user-12");
    fireEvent.click(header);
    expect(sort()).toBe("none");
    expect(header.getAttribute("aria-sort")).toBe("none");
  });

  it("sorts from the keyboard with Enter and Space", () => {
    render(<Harness />);
    const header = screen.getByRole("columnheader", { name: /Name/ });
    expect(header.tabIndex).toBe(0);
    fireEvent.keyDown(header, { key: "Enter" });
    expect(sort()).toBe("name asc");
    fireEvent.keyDown(header, { key: " " });
    expect(sort()).toBe("name desc");
    fireEvent.keyDown(header, { key: "Tab" });
    expect(sort()).toBe("name desc");
    fireEvent.keyDown(header, { key: "Enter" });
    expect(sort()).toBe("none");
  });

  it("shows a placeholder in an empty cell", () => {
    render(<Harness />);
    const row = screen.getByRole("row", { name: "Open user-01" });
    expect(within(row).getAllByRole("cell")[1]!.textContent).toBe("—");
  });

  it("says it is loading, never No data, while an empty list is loading", () => {
    const { rerender } = render(<Harness rows={[]} loading />);
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(screen.queryByText("No data")).toBeNull();
    rerender(<Harness rows={[]} loading={false} />);
    expect(screen.getByText("No data")).toBeTruthy();
    expect(screen.queryByText("Loading…")).toBeNull();
    expect(screen.getByText("0 in total")).toBeTruthy();
  });

  it("pages the whole list, with the total and the page size choices", async () => {
    render(<Harness />);
    expect(screen.getByText("12 in total")).toBeTruthy();
    expect(names()).toEqual(["user-01", "user-02", "user-03", "user-04", "user-05"]);
    const previous = screen.getByRole("button", { name: "Previous page" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(names()[0]).toBe("user-06");
    expect(screen.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(names()).toEqual(["user-11", "user-12"]);
    expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);

    // A new page size goes back to the first page.
    fireEvent.click(screen.getByRole("button", { name: "5 / page" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "10 / page" }));
    expect(screen.getByRole("button", { name: "10 / page" })).toBeTruthy();
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe("user-01");
    expect(screen.queryByRole("button", { name: "Page 3" })).toBeNull();
  });

  it("goes back to the first page when sorted", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    fireEvent.click(screen.getByRole("columnheader", { name: /Name/ }));
    expect(screen.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
  });

  it("opens a row on click and on Enter", () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    fireEvent.click(screen.getByRole("row", { name: "Open user-02" }));
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
    const row = screen.getByRole("row", { name: "Open user-03" });
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: "Enter" });
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[2]);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
