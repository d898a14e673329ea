// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/render";
import { useShell } from "../../app/state";
import { useListState } from "./useListState";

const initial = { pageSize: 10, filters: { search: "" }, sort: { field: "name", order: "asc" as const } };

describe("the list state", () => {
  it("goes back to the first page when the sort, filters or page size change", () => {
    const { result } = renderHook(() => useListState(initial));
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.setFilters({ search: "x" }));
    expect(result.current).toMatchObject({ page: 0, filters: { search: "x" } });
    act(() => result.current.setPage(2));
    act(() => result.current.setSort({ field: "email", order: "desc" }));
    expect(result.current.page).toBe(0);
    act(() => result.current.setPage(2));
    act(() => result.current.setPageSize(50));
    expect(result.current).toMatchObject({ page: 0, pageSize: 50 });
  });

  it("resets paging and sort on each global refresh, keeping the filters", () => {
    const { result } = renderHook(() => useListState(initial));
    act(() => {
      result.current.setFilters({ search: "kept" });
      result.current.setSort({ field: "email", order: "desc" });
    });
    act(() => result.current.setPage(4));
    act(() => useShell.setState({ refreshedAt: useShell.getState().refreshedAt + 1 }));
    expect(result.current).toMatchObject({ page: 0, sort: initial.sort, filters: { search: "kept" } });
  });

  it("returns everything to the first values on reset", () => {
    const { result } = renderHook(() => useListState(initial));
    act(() => {
      result.current.setFilters({ search: "x" });
      result.current.setPageSize(25);
    });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ page: 0, pageSize: 10, sort: initial.sort, filters: { search: "" } });
  });
});
