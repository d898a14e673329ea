// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shellKeys } from "../../app/queries";
import "../../test/render";
import { LogFileActions, logFileText, useLogWrap } from "./LogFileActions";

function Actions(props: { lines: string[] }) {
  const [wrap, setWrap] = useLogWrap();
  return (
    <>
      <LogFileActions lines={props.lines} name="etcd-master-01-etcd" wrap={wrap} onWrap={setWrap} />
      <output>{wrap ? "wrapped" : "one line each"}</output>
    </>
  );
}

function renderAs(username: string, lines: string[]) {
  const client = new QueryClient();
  client.setQueryData(shellKeys.me, { username });
  return render(
    <QueryClientProvider client={client}>
      <Actions lines={lines} />
    </QueryClientProvider>,
  );
}

describe("the log's file actions", () => {
  let saved: { name: string; text: Promise<string> }[];
  beforeEach(() => {
    saved = [];
    localStorage.clear();
    let blob: Blob | null = null;
    vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
      blob = b as Blob;
      return "blob:log";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: blob!.text() });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("downloads exactly the lines it is given, one a line", async () => {
    const lines = ["2026-11-27T06:00:00Z INFO started", "  indented continuation", "", "last ERROR line"];
    renderAs("ann", lines);
    fireEvent.click(screen.getByRole("button", { name: /Download/ }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^etcd-master-01-etcd-\d{8}-\d{6}\.log$/);
    expect(await saved[0]!.text).toBe(`${lines.join("\n")}\n`);
    expect((await saved[0]!.text).split("\n").slice(0, -1)).toEqual(lines);
  });

  it("offers no download without lines", () => {
    renderAs("ann", []);
    expect(screen.queryByRole("button", { name: /Download/ })).toBeNull();
    expect(logFileText([])).toBe("");
  });

  it("keeps each user's wrap choice in the browser", () => {
    const first = renderAs("ann", ["x"]);
    expect(screen.getByText("one line each")).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: "Wrap lines" }));
    expect(screen.getByText("wrapped")).toBeTruthy();
    first.unmount();
    // Another visit of the same user: still wrapped; another user: their own choice.
    const again = renderAs("ann", ["x"]);
    expect(screen.getByText("wrapped")).toBeTruthy();
    again.unmount();
    renderAs("bob", ["x"]);
    expect(screen.getByText("one line each")).toBeTruthy();
  });
});
