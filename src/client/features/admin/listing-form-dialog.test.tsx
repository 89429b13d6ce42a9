import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/constants";
import { fakeApi } from "../../test/fake-api";
import { renderWithQueryClient } from "../../test/render";
import { ListingFormDialog } from "./listing-form-dialog";

// "Add listing" on Manage Buyers: a listing created on a buyer's behalf, the buyer found by search.

const CREATE = "POST /api/admin/buyer-listings" as const;
const PROFILES = "GET /api/admin/buyer-profiles" as const;
const ACME = {
  id: "7d3c1f9e-2a4b-4c6d-8e0f-1a2b3c4d5e6f",
  company: "Acme Leads",
  email: "ops@acme.test",
  listingCount: 2,
};

function AddListing() {
  const [open, setOpen] = useState(true);
  return open ? <ListingFormDialog open onOpenChange={setOpen} /> : <p>Closed</p>;
}

function renderDialog() {
  const view = renderWithQueryClient(<AddListing />);
  return { ...view, dialog: screen.getByRole("dialog", { name: "Add listing" }) };
}

describe("adding a listing", () => {
  it("names each missing field and sends nothing", async () => {
    const api = fakeApi();
    const { user, dialog } = renderDialog();

    await user.click(within(dialog).getByRole("button", { name: "Create Listing" }));

    expect(await within(dialog).findByText("Choose the buyer this listing belongs to")).toBeTruthy();
    expect(within(dialog).getByText("Title is required")).toBeTruthy();
    expect(within(dialog).getByText("Vertical is required")).toBeTruthy();
    expect(within(dialog).getByRole("combobox", { name: "Buyer" }).getAttribute("aria-invalid")).toBe("true");
    expect(api.calls).toHaveLength(0);
  });

  it("creates it for a buyer found from the keyboard, the payout read as typed, then closes", async () => {
    const api = fakeApi({
      [PROFILES]: ({ url }) => ({ body: url.searchParams.get("search") ? [ACME] : [] }),
      [CREATE]: { status: 201, body: {} },
    });
    const { user, dialog } = renderDialog();

    await user.click(within(dialog).getByRole("combobox", { name: "Buyer" }));
    await user.keyboard("acme");
    await within(dialog).findByRole("option", { name: /Acme Leads/ });
    // Escape closes the list of matches, not the dialog; typing opens it again.
    await user.keyboard("{Escape}");
    expect(within(dialog).queryByRole("listbox")).toBeNull();
    await user.keyboard("{Backspace}e");
    await within(dialog).findByRole("option", { name: /Acme Leads/ });
    await user.keyboard("{Enter}");
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Solar appointment calls");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Vertical" }), "Solar");
    const payout = within(dialog).getByRole("textbox", { name: "Payout ($)" });
    await user.clear(payout);
    await user.type(payout, "$1,250.5");
    await user.click(within(dialog).getByRole("checkbox", { name: "California" }));
    await user.click(within(dialog).getByRole("button", { name: "Create Listing" }));

    expect(await screen.findByText(ADMIN_MESSAGES.listingCreated)).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Closed")).toBeTruthy());
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({
      buyerId: ACME.id,
      title: "Solar appointment calls",
      vertical: "Solar",
      payout: "1250.50",
      geos: ["California"],
      status: "active",
    });
  });

  it("keeps the dialog and what was typed when the server refuses", async () => {
    fakeApi({
      [PROFILES]: { body: [ACME] },
      [CREATE]: { status: 404, body: { message: "Buyer profile not found", code: "not_found" } },
    });
    const { user, dialog } = renderDialog();

    await user.click(within(dialog).getByRole("combobox", { name: "Buyer" }));
    await user.keyboard("acme");
    await within(dialog).findByRole("option", { name: /Acme Leads/ });
    await user.keyboard("{Enter}");
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Solar appointment calls");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Vertical" }), "Solar");
    await user.click(within(dialog).getByRole("button", { name: "Create Listing" }));

    expect((await within(dialog).findByRole("alert")).textContent).toBe("Buyer profile not found");
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveProperty(
      "value",
      "Solar appointment calls",
    );
    expect(within(dialog).getByRole("button", { name: "Create Listing" })).toHaveProperty("disabled", false);
  });
});
