// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../../test/render";
import { aPolicy } from "../../../test/policy";
import { PolicyDetails } from "./PolicyDetails";

describe("a policy's expanded row", () => {
  it("shows a dynamic mask with the condition under which it applies", () => {
    render(
      <PolicyDetails
        policy={aPolicy({
          columnDetails: [
            {
              table: "orders",
              name: "email",
              columnDataType: "varchar",
              type: "dynamic",
              mask: "hash",
              conditions: [
                { column: "region", columnDataType: "varchar", condition: "=", value: "EU" },
                { column: "tier", columnDataType: "varchar", condition: "IN", value: "gold, silver" },
              ],
            },
            {
              table: "orders",
              name: "phone",
              columnDataType: "varchar",
              type: "predefine",
              mask: "showLast4",
              conditions: [],
            },
          ],
        })}
      />,
    );
    const dynamic = screen.getByRole("row", { name: /email/ });
    expect(within(dynamic).getAllByRole("cell").at(-1)!.textContent).toBe(
      "Hash when region = EU and tier IN gold, silver",
    );
    const predefined = screen.getByRole("row", { name: /phone/ });
    expect(within(predefined).getAllByRole("cell").at(-1)!.textContent).toBe("Partial mask: show last 4");
  });
});
