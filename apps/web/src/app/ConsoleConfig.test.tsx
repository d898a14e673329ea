// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { Button } from "antd";
import { describe, expect, it } from "vitest";
import "../test/render";
import { ConsoleConfig } from "./ConsoleConfig";

const at = (loading: boolean) => (
  <ConsoleConfig dark={false} reduceMotion={false}>
    <Button type="primary" loading={loading}>
      Test
    </Button>
  </ConsoleConfig>
);

describe("the console's buttons", () => {
  it("keep their own name once the work they started is done", () => {
    const view = render(at(false));
    view.rerender(at(true));
    expect(screen.getByRole("button", { name: "loading Test" })).toBeTruthy();
    view.rerender(at(false));
    // The spinner is gone at once: no animation has to end first (none ends here, as in a
    // browser where the request returned before the spinner had grown).
    expect(screen.getByRole("button", { name: "Test" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: "loading" })).toBeNull();
  });
});
