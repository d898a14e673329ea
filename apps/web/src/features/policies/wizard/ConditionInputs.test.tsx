// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../../test/render";
import { ConditionInputs } from "./ConditionInputs";

const renderInputs = (dataType: string, condition: "=" | "IN", value: string) =>
  render(
    <ConditionInputs
      dataType={dataType}
      condition={condition}
      value={value}
      onCondition={() => undefined}
      onValue={() => undefined}
    />,
  );

describe("a condition's value box", () => {
  it("says what fits when the value does not, and ties the sentence to the box", () => {
    renderInputs("integer", "=", "12a");
    const box = screen.getByRole("textbox", { name: "Value" });
    expect(box.getAttribute("aria-invalid")).toBe("true");
    const message = screen.getByText("Enter a whole number");
    expect(box.getAttribute("aria-describedby")).toBe(message.id);
  });

  it("names the list form for IN", () => {
    renderInputs("date", "IN", "2026-01-01, soon");
    screen.getByText("Enter a date as YYYY-MM-DD (optionally with hh:mm:ss) for each value, separated by commas");
  });

  it("says nothing while the value fits", () => {
    renderInputs("integer", "=", "42");
    const box = screen.getByRole("textbox", { name: "Value" });
    expect(box.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(/^Enter /)).toBeNull();
  });
});
