// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import "../../test/render";
import { shellKeys } from "../queries";
import { SideMenu } from "./SideMenu";

const MENUS = ["home", "components", "discovery-hub", "audits", "policy-management"];

function renderMenu(path: string, discoveryHubUrl: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  client.setQueryData(
    shellKeys.menu,
    MENUS.map((m) => ({ menuLabel: m, menuName: m })),
  );
  client.setQueryData(shellKeys.config, { discoveryHubUrl, restrictedMenus: [] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SideMenu collapsed={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The names of the items the menu marks as the current page. */
const current = () =>
  screen
    .getAllByRole("menuitem")
    .filter((el) => el.classList.contains("ant-menu-item-selected"))
    .map((el) => el.textContent);

describe("the side menu's current item", () => {
  it.each([
    ["/home", "https://hub.example.com"],
    ["/home", null],
    ["/home/cdc", "https://hub.example.com"],
    ["/hosts/master-01", "https://hub.example.com"],
  ])("is Home on %s (discovery hub %s)", (path, hub) => {
    renderMenu(path, hub);
    expect(current()).toEqual(["Home"]);
  });

  it("is the screen's own menu elsewhere, never Discovery Hub", () => {
    renderMenu("/audits", "https://hub.example.com");
    expect(current()).toEqual(["Audits"]);
  });
});
