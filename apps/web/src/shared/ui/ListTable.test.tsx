// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/render";
import { useListState } from "../lib/useListState";
import { ListTable } from "./ListTable";

type Row = { id: string; name: string; email: string | null };
const ROWS: Row[] = [
  { id: "1", name: "ann", email: null },
  { id: "2", name: "bob", email: "bob@example.com" },
];

function Harness() {
  const list = useListState({ pageSize: 10, filters: {} });
  return (
    <>
      <ListTable<Row>
        columns={[
          { title: "Name", dataIndex: "name", sortKey: "name" },
          { title: "Email", dataIndex: "email" },
        ]}
        rows={ROWS}
        rowKey="id"
        list={list}
      />
      <output aria-label="Sort">{list.sort ? `${list.sort.field} ${list.sort.order}` : "none"}</output>
    </>
  );
}

describe("the list table", () => {
  it("cycles a sortable column ascending, descending, then none", () => {
    render(<Harness />);
    const header = screen.getByRole("columnheader", { name: /Name/ });
    const sort = () => screen.getByLabelText("Sort").textContent;
    expect(sort()).toBe("none");
    fireEvent.click(header);
    expect(sort()).toBe("name asc");
    fireEvent.click(header);
    expect(sort()).toBe("name desc");
    fireEvent.click(header);
    expect(sort()).toBe("none");
  });

  it("shows a placeholder in an empty cell", () => {
    render(<Harness />);
    const annRow = screen.getByRole("row", { name: /ann/ });
    expect(annRow.textContent).toContain("—");
  });

  it("says it is loading, never No data, while an empty list is loading", () => {
    const { rerender } = render(<EmptyHarness loading />);
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(screen.queryByText("No data")).toBeNull();
    rerender(<EmptyHarness loading={false} />);
    expect(screen.getByText("No data")).toBeTruthy();
  });
});

function EmptyHarness(props: { loading: boolean }) {
  const list = useListState({ pageSize: 10, filters: {} });
  return (
    <ListTable<Row>
      columns={[{ title: "Name", dataIndex: "name" }]}
      rows={[]}
      rowKey="id"
      list={list}
      loading={props.loading}
    />
  );
}
