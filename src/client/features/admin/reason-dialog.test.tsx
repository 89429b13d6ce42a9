import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BoostPurchase } from "../../../shared/schemas/boosts";
import { fakeApi } from "../../test/fake-api";
import { renderWithQueryClient } from "../../test/render";
import { RefundBoostButton } from "./boost-dialogs";

// The admin's reason-asking confirmations (end a boost, refund a boost, refund a subscription) share one
// dialog; "Refund payment" under a paid boost stands for all three here.

const LISTING_ID = "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const PURCHASE: BoostPurchase = {
  id: "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910",
  source: "stripe",
  status: "active",
  paymentIntentId: "pi_test_1",
  amountCents: 4900,
  days: 7,
  startsAt: "2026-11-20T10:00:00.000Z",
  endsAt: "2026-11-27T10:00:00.000Z",
  reason: null,
  endReason: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  refundedAt: null,
  endedAt: null,
};
const REFUND = `POST /api/admin/buyer-listings/${LISTING_ID}/boosts/${PURCHASE.id}/refund` as const;

async function openRefund() {
  const view = renderWithQueryClient(<RefundBoostButton listingId={LISTING_ID} purchase={PURCHASE} />);
  await view.user.click(screen.getByRole("button", { name: "Refund payment" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Refund boost?" });
  return { ...view, dialog };
}

describe("a reason-asking confirmation", () => {
  it("refuses to go on without a reason, and sends nothing", async () => {
    const api = fakeApi();
    const { user, dialog } = await openRefund();

    await user.click(within(dialog).getByRole("button", { name: "Refund" }));

    expect(await within(dialog).findByText("Reason must say why (at least 3 characters)")).toBeTruthy();
    expect(api.callsTo(REFUND)).toHaveLength(0);
  });

  it("shows the server's refusal, and opens again empty after Cancel", async () => {
    const api = fakeApi({
      [REFUND]: { status: 409, body: { code: "conflict", message: "This payment was already refunded." } },
    });
    const { user, dialog } = await openRefund();

    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Customer asked within 7 days");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));

    expect(await within(dialog).findByText("This payment was already refunded.")).toBeTruthy();
    expect(api.callsTo(REFUND)[0]?.body).toEqual({ reason: "Customer asked within 7 days" });

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Refund payment" }));
    const again = await screen.findByRole("alertdialog", { name: "Refund boost?" });
    expect((within(again).getByRole("textbox", { name: /Reason/ }) as HTMLTextAreaElement).value).toBe("");
    expect(within(again).queryByText("This payment was already refunded.")).toBeNull();
  });

  it("closes once the server has refunded", async () => {
    const api = fakeApi({ [REFUND]: { body: { boostedUntil: null, purchases: [] } } });
    const { user, dialog } = await openRefund();

    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Duplicate payment");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.callsTo(REFUND)).toHaveLength(1);
  });
});
