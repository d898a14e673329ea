import type { ListState } from "./useListState";

/** Sorts rows here (lists the server returns whole) by the list's sort, with a value per sort key. */
export function sortRows<T>(
  rows: readonly T[] | undefined,
  sort: ListState<unknown>["sort"],
  valueOf: Record<string, (row: T) => string | number | null>,
): T[] {
  const out = [...(rows ?? [])];
  const get = sort ? valueOf[sort.field] : undefined;
  if (!sort || !get) return out;
  const dir = sort.order === "asc" ? 1 : -1;
  return out.sort((a, b) => {
    const x = get(a);
    const y = get(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y))) * dir;
  });
}
