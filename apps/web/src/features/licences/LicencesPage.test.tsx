// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render";
import { settingsPaths } from "../settings/links";
import LicencesPage from "./LicencesPage";

const ROW = {
  id: 1,
  serialNumber: "SN-1",
  fileName: "console.lic",
  descEn: "",
  uploadedBy: "admin",
  uploadedAt: "2026-11-01T00:00:00Z",
  issueDate: "2026-11-01",
  expiryDate: "2027-11-01",
  status: "active",
  statusEn: "Active",
  customer: "Example",
  components: [],
  text: "",
};

/** The console's answers: its public config (licensing on or off) and the licence history. */
function stubConsole(licensingEnabled: boolean) {
  const fetch = vi.fn(async (url: string) => {
    const body = String(url).includes("/api/config")
      ? { licensingEnabled }
      : String(url).includes("uploadHistory")
        ? [ROW]
        : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const renderPage = () => renderRoutes([{ path: settingsPaths.licenses, element: <LicencesPage /> }]);

const historyCalls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes("uploadHistory")).length;

describe("the licenses screen", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says licensing is turned off, offers no upload and asks for no history, when it is off", async () => {
    const fetch = stubConsole(false);
    renderPage();
    expect(await screen.findByRole("heading", { name: "Licensing is turned off on this console" })).toBeTruthy();
    expect(screen.getByText(/Every component can be used without a license/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Upload license/ })).toBeNull();
    expect(historyCalls(fetch)).toBe(0);
  });

  it("lists the history with the upload button when licensing is on", async () => {
    const fetch = stubConsole(true);
    renderPage();
    expect(await screen.findByText("SN-1")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Upload license/ })).toBeTruthy();
    expect(screen.queryByText("Licensing is turned off on this console")).toBeNull();
    expect(historyCalls(fetch)).toBe(1);
  });
});
