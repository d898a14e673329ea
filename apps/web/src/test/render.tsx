import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, render } from "@testing-library/react";
import { App } from "antd";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { afterEach } from "vitest";
import { allTextsNames, loadTexts } from "../i18n";

// Tests render screens and their parts directly, without the routes that load their texts.
await loadTexts(...allTextsNames);

// antd reads these browser APIs, which happy-dom leaves out.
if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

afterEach(() => cleanup());

// An Ant Design dialog or drawer can take seconds to draw on a loaded two-core machine: wait
// for what a test looks for up to 10 s (a wait, not a timing; it ends as soon as it is there).
configure({ asyncUtilTimeout: 10_000 });

/**
 * Routes as the console renders them: under a data router (the unsaved-changes guards need
 * one), TanStack Query (no retries: a failure shows at once) and antd's App. Starts at `at`,
 * the first route's path by default; returns the router, to follow or make navigations.
 */
export function renderRoutes(routes: RouteObject[], at = routes[0]?.path ?? "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}
