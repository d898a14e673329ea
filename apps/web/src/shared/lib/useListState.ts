import { useCallback, useEffect, useRef, useState } from "react";
import { useShell } from "../../app/state";

export type SortOrder = "asc" | "desc";

export interface ListState<F> {
  page: number;
  pageSize: number;
  sort: { field: string; order: SortOrder } | null;
  filters: F;
}

/**
 * Paging, sorting and applied filters of a list. Changing sort, filters or page size goes
 * back to the first page; each global refresh tick resets paging and sort (spec section 4).
 */
export function useListState<F>(initial: { pageSize: number; filters: F; sort?: ListState<F>["sort"] }) {
  // The first values are the defaults that Clear and refresh return to.
  const [first] = useState(initial);
  const [state, setState] = useState<ListState<F>>({
    page: 0,
    pageSize: initial.pageSize,
    sort: initial.sort ?? null,
    filters: initial.filters,
  });
  const refreshedAt = useShell((s) => s.refreshedAt);
  const seen = useRef(refreshedAt);
  useEffect(() => {
    if (seen.current === refreshedAt) return;
    seen.current = refreshedAt;
    setState((s) => ({ ...s, page: 0, sort: first.sort ?? null }));
  }, [refreshedAt, first]);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setPageSize = useCallback((pageSize: number) => setState((s) => ({ ...s, pageSize, page: 0 })), []);
  const setSort = useCallback((sort: ListState<F>["sort"]) => setState((s) => ({ ...s, sort, page: 0 })), []);
  const setFilters = useCallback((filters: F) => setState((s) => ({ ...s, filters, page: 0 })), []);
  const reset = useCallback(
    () =>
      setState({
        page: 0,
        pageSize: first.pageSize,
        sort: first.sort ?? null,
        filters: first.filters,
      }),
    [first],
  );
  return { ...state, setPage, setPageSize, setSort, setFilters, reset, defaults: first.filters };
}

export type ListController<F> = ReturnType<typeof useListState<F>>;
