// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/render";
import { useConnectors } from "../../features/connectors/api";
import { usePolicies } from "../../features/policies/api";
import { useListState } from "../../shared/lib/useListState";
import { useShell } from "../state";
import { RefreshTicker } from "./RefreshTicker";

const TICK_MS = 40;

/** Calls per path, answered with an empty page. */
let calls: Record<string, number>;

function Screen() {
  const connectors = useConnectors({ page: 0, size: 10 });
  const policies = usePolicies({ page: 0, size: 10 });
  const list = useListState({ pageSize: 10, filters: {} });
  return (
    <>
      <output aria-label="Connectors">{connectors.data ? "loaded" : "loading"}</output>
      <output aria-label="Policies">{policies.data ? "loaded" : "loading"}</output>
      <output aria-label="Page">{list.page}</output>
      <button type="button" onClick={() => list.setPage(3)}>
        Page 4
      </button>
    </>
  );
}

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefreshTicker />
      <Screen />
    </QueryClientProvider>,
  );
}

describe("the global refresh", () => {
  beforeEach(() => {
    calls = {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = url.split("?")[0]!;
        calls[path] = (calls[path] ?? 0) + 1;
        return new Response(JSON.stringify({ items: [], total: 0, types: [], states: [] }), {
          headers: { "content-type": "application/json" },
        });
      }),
    );
  });
  afterEach(() => {
    useShell.setState({ refreshInterval: null });
    vi.unstubAllGlobals();
  });

  it("reloads the lists on screen at each tick, and only while it is on", async () => {
    useShell.setState({ refreshInterval: null });
    renderShell();
    await waitFor(() => expect(screen.getByLabelText("Connectors").textContent).toBe("loaded"));
    await waitFor(() => expect(screen.getByLabelText("Policies").textContent).toBe("loaded"));
    await new Promise((r) => setTimeout(r, TICK_MS * 3));
    expect(calls["/admin-api/api/v1/connectors"]).toBe(1);
    expect(calls["/admin-api/api/v1/acl"]).toBe(1);

    act(() => useShell.setState({ refreshInterval: TICK_MS }));
    await waitFor(() => expect(calls["/admin-api/api/v1/connectors"]).toBeGreaterThanOrEqual(3));
    await waitFor(() => expect(calls["/admin-api/api/v1/acl"]).toBeGreaterThanOrEqual(3));
  });

  it("sends lists back to their first page at each tick", async () => {
    useShell.setState({ refreshInterval: null });
    renderShell();
    act(() => screen.getByRole("button", { name: "Page 4" }).click());
    expect(screen.getByLabelText("Page").textContent).toBe("3");
    act(() => useShell.setState({ refreshInterval: TICK_MS }));
    await waitFor(() => expect(screen.getByLabelText("Page").textContent).toBe("0"));
  });
});
