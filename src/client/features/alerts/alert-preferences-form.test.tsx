import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ALERT_MESSAGES, type AlertPreferences } from "../../../shared/schemas/alerts";
import { fakeApi } from "../../test/fake-api";
import { renderWithQueryClient } from "../../test/render";
import { alertFormValues } from "./alert-form-values";
import { AlertPreferencesForm } from "./alert-preferences-form";

// The Alerts tab's settings form as a publisher uses it: what it offers with and without Premium, what it
// checks before saving, what it sends, and what it shows when the server refuses.

const SAVED: AlertPreferences = {
  configured: true,
  filtersEnabled: true,
  verticals: ["Legal"],
  geos: ["Texas"],
  tags: [],
  minPayout: null,
  frequency: "daily",
  channels: ["email"],
  timeZone: "America/Chicago",
  unsubscribedAt: null,
};

const PUT = "PUT /api/notification-preferences" as const;

// The zones the browser knows, as a short fixed list: the runtime's own list differs between versions,
// and happy-dom fills a select of its 400-odd options slowly (half a second a render).
beforeEach(() => {
  vi.spyOn(Intl, "supportedValuesOf").mockReturnValue([
    "America/Denver",
    "America/New_York",
    "Europe/London",
  ]);
});

function renderForm(preferences: AlertPreferences = SAVED, { isPremium = false } = {}) {
  return renderWithQueryClient(
    <AlertPreferencesForm
      preferences={preferences}
      initialValues={alertFormValues(preferences)}
      isPremium={isPremium}
    />,
  );
}

const saveButton = () => screen.getByRole("button", { name: "Save Alerts" });

describe("how often", () => {
  it("shows Instant locked without Premium, with why and the way to upgrade", () => {
    renderForm();

    expect(screen.getByRole("radio", { name: /Instant/ })).toHaveProperty("disabled", true);
    expect(screen.getByRole("radio", { name: /Daily digest/ })).toHaveProperty("checked", true);
    expect(screen.getByText(ALERT_MESSAGES.instantNeedsPremium)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe("/pricing");
  });

  it("lets a Premium publisher move to Instant with the arrow keys and saves it", async () => {
    const api = fakeApi({ [PUT]: { body: { ...SAVED, frequency: "instant" } } });
    const { user } = renderForm(SAVED, { isPremium: true });

    screen.getByRole("radio", { name: /Daily digest/ }).focus();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("radio", { name: /Instant/ })).toHaveProperty("checked", true);
    await user.click(saveButton());

    expect(await screen.findByText("Alerts Saved")).toBeTruthy();
    expect(screen.getByText("You will get an email as soon as a matching listing goes live.")).toBeTruthy();
    expect(api.callsTo(PUT)[0]?.body).toMatchObject({ frequency: "instant" });
    expect(screen.queryByText(ALERT_MESSAGES.instantNeedsPremium)).toBeNull();
  });
});

describe("what to match", () => {
  it("keeps the filters while they are off, but out of reach, and says only saved searches alert", async () => {
    const { user } = renderForm();
    const filters = screen.getByRole("checkbox", {
      name: "Alert me about new listings that match these filters",
    });

    await user.click(filters);
    expect(screen.getByText("Off: only your saved searches send alerts.")).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Legal" }));
    await user.type(screen.getByRole("textbox", { name: "Minimum payout ($)" }), "50");
    expect(screen.getByRole("checkbox", { name: "Legal" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("textbox", { name: "Minimum payout ($)" })).toHaveProperty("value", "");

    await user.click(filters);
    await user.click(screen.getByRole("checkbox", { name: "Legal" }));
    expect(screen.getByRole("checkbox", { name: "Legal" }).getAttribute("aria-checked")).toBe("false");
  });

  it("says what is wrong with the minimum payout and sends nothing", async () => {
    const api = fakeApi();
    const { user } = renderForm();

    await user.type(screen.getByRole("textbox", { name: "Minimum payout ($)" }), "fifty");
    await user.click(saveButton());

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Minimum payout must be an amount like 50 or 49.99",
    );
    expect(screen.getByRole("textbox", { name: "Minimum payout ($)" }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(api.callsTo(PUT)).toHaveLength(0);
  });
});

describe("saving", () => {
  it("sends the ticked lists in their order, and the time zone only once it is changed", async () => {
    const api = fakeApi({ [PUT]: ({ body }) => ({ body: { ...SAVED, ...(body as object) } }) });
    const { user } = renderForm();

    await user.click(screen.getByRole("checkbox", { name: "Insurance" }));
    await user.click(screen.getByRole("checkbox", { name: "California" }));
    await user.type(screen.getByRole("textbox", { name: "Minimum payout ($)" }), "45.50");
    await user.click(saveButton());
    await screen.findByText("Alerts Saved");

    expect(api.callsTo(PUT)[0]?.body).toEqual({
      filtersEnabled: true,
      verticals: ["Insurance", "Legal"],
      geos: ["California", "Texas"],
      tags: [],
      minPayout: "45.50",
      frequency: "daily",
      channels: ["email"],
    });

    await user.selectOptions(
      screen.getByRole("combobox", { name: "Time zone for SMS quiet hours" }),
      "America/Denver",
    );
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo(PUT)).toHaveLength(2));
    expect(api.callsTo(PUT)[1]?.body).toMatchObject({ timeZone: "America/Denver" });
  });

  it("keeps Save disabled while it runs", async () => {
    const api = fakeApi();
    const saving = api.hold(PUT);
    const { user } = renderForm();

    await user.click(saveButton());

    expect(await screen.findByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    saving.release({ body: SAVED });
    expect(await screen.findByRole("button", { name: "Save Alerts" })).toHaveProperty("disabled", false);
  });

  it("says no alert will be sent once no channel is ticked", async () => {
    fakeApi({ [PUT]: { body: { ...SAVED, channels: [] } } });
    const { user } = renderForm();

    await user.click(screen.getByRole("checkbox", { name: "Email" }));
    await user.click(saveButton());

    expect(await screen.findByText("No channel is chosen, so no alerts will be sent.")).toBeTruthy();
  });

  it("shows the server's refusal with the way to Premium, keeping the choices", async () => {
    fakeApi({
      [PUT]: {
        status: 403,
        body: { message: ALERT_MESSAGES.instantNeedsPremium, code: "premium_required" },
      },
    });
    const { user } = renderForm(SAVED, { isPremium: true });

    await user.click(screen.getByRole("radio", { name: /Instant/ }));
    await user.click(saveButton());

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ALERT_MESSAGES.instantNeedsPremium);
    expect(within(alert).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
      "/pricing",
    );
    expect(screen.getByRole("radio", { name: /Instant/ })).toHaveProperty("checked", true);
  });
});

describe("time zone", () => {
  it("offers the saved zone even when the browser's list lacks it", () => {
    renderForm();

    const zone = screen.getByRole("combobox", { name: "Time zone for SMS quiet hours" });
    expect(zone).toHaveProperty("value", "America/Chicago");
    expect(
      within(zone)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["America/Chicago", "America/Denver", "America/New York", "Europe/London"]);
  });
});

describe("after an unsubscribe link", () => {
  it("says when email was turned off, until Email is ticked again", async () => {
    const { user } = renderForm({ ...SAVED, channels: [], unsubscribedAt: "2026-11-20T10:00:00.000Z" });

    expect(screen.getByText(/You unsubscribed from alert emails on/)).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Email" }));
    expect(screen.queryByText(/You unsubscribed from alert emails on/)).toBeNull();
  });
});
