// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/render";
import { AddUserDrawer } from "./AddUserDrawer";

function renderDrawer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <AddUserDrawer open onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
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
});
