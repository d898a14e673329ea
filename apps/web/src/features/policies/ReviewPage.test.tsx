// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render";
import { aPolicy } from "../../test/policy";
import ReviewPage from "./ReviewPage";

const REQUEST = aPolicy({
  id: 7,
  policyName: "request-bob-customers",
  approvalStatus: "PENDING_APPROVAL",
  syncStatus: "pendingApproval",
  tables: ["customers"],
  assignToUsers: ["bob"],
  createdBy: "bob",
});
const COLUMNS = {
  tables: [
    {
      table: "customers",
      columns: [
        { name: "email", dataType: "varchar(255)" },
        { name: "country", dataType: "char(2)" },
      ],
    },
  ],
};

/** The calls made, with their bodies. */
let calls: Array<{ method: string; url: string; body: unknown }>;
let answer: (method: string, url: string) => { status: number; body: unknown } | null;

function renderReview() {
  return renderRoutes(
    [
      { path: "/policy-management/:id/review", element: <ReviewPage /> },
      { path: "/policy-management", element: <p>Policy list</p> },
    ],
    "/policy-management/7/review",
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
}

/** The confirmation (antd names every dialog "test-id" under test, so it is found by its title). */
async function confirmDialog() {
  const dialog = await screen.findByRole("dialog");
  within(dialog).getByText("Are you sure?");
  return dialog;
}

const decisions = () => calls.filter((c) => c.method === "PUT");

// Each test opens a page of antd selects and dialogs: slow on a busy machine.
describe("the review page of a table access request", { timeout: 90_000 }, () => {
  beforeEach(() => {
    calls = [];
    answer = () => null;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? "GET";
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const a = answer(method, url) ?? {
          status: 200,
          body: url.includes("/lookups/columns")
            ? COLUMNS
            : url.endsWith("/acl/7")
              ? REQUEST
              : method === "PUT"
                ? { message: "Done." }
                : {},
        };
        return new Response(JSON.stringify(a.body), {
          status: a.status,
          headers: { "content-type": "application/json" },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks for a reason before rejecting, and sends it", async () => {
    renderReview();
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await confirmDialog();
    within(dialog).getByText(/Reject the request request-bob-customers\?/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await within(dialog).findByText("Say why the request is rejected.");
    expect(decisions()).toEqual([]);

    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason for rejecting" }), {
      target: { value: "  No sign-off from the data owner.  " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]!.url).toMatch(/\/acl\/7\/reject$/);
    expect(decisions()[0]!.body).toMatchObject({ reason: "No sign-off from the data owner." });
    await screen.findByText("Policy list");
  });

  it("cancels a rejection without sending anything, and starts afresh next time", async () => {
    renderReview();
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await confirmDialog();
    const reason = () => within(dialog).getByRole("textbox", { name: "Reason for rejecting" }) as HTMLTextAreaElement;
    fireEvent.change(reason(), { target: { value: "Half a thought" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    // The page's own Reject comes first; the closed dialog stays in the document.
    fireEvent.click(screen.getAllByRole("button", { name: "Reject" })[0]!);
    await waitFor(() => expect(reason().value).toBe(""));
    expect(decisions()).toEqual([]);
  });

  it("shows the server's refusal of the reason under the box", async () => {
    answer = (method, url) =>
      method === "PUT" && url.endsWith("/reject")
        ? {
            status: 400,
            body: {
              error: "body.reason: must be 300 characters or fewer",
              error_description: "invalid_request",
              field: "body.reason",
            },
          }
        : null;
    renderReview();
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await confirmDialog();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason for rejecting" }), {
      target: { value: "Too long, say." },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await within(dialog).findByText("must be 300 characters or fewer");
  });

  it("adds a mask and a row filter, and approves with them", async () => {
    renderReview();
    await screen.findByText(
      "Add the column masks and row filters the grant goes with; they are saved when you approve.",
    );
    await choose("Table", "customers");
    await choose("Column", "email (varchar(255))");
    await choose("Mask type", "Predefined");
    await choose("Mask", "Hash");
    fireEvent.click(screen.getByRole("button", { name: "Add mask" }));
    await choose("Row filter table", "customers");
    await choose("Row filter column", "country (char(2))");
    await choose("Condition", "IN");
    fireEvent.change(screen.getByRole("textbox", { name: "Value" }), { target: { value: "AE, SA" } });
    fireEvent.click(screen.getByRole("button", { name: "Add row filter" }));
    await screen.findByRole("cell", { name: "AE, SA" });

    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]!.url).toMatch(/\/acl\/7\/approve$/);
    expect(decisions()[0]!.body).toMatchObject({
      columnDetails: [{ table: "customers", name: "email", type: "predefine", mask: "hash" }],
      rowFilters: [{ table: "customers", columnName: "country", filterCondition: "IN", value: "AE, SA" }],
    });
  });
});
