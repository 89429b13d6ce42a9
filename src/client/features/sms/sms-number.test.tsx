import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SMS_MESSAGES, type SmsStatus, smsStoppedMessage } from "../../../shared/schemas/sms";
import { fakeApi } from "../../test/fake-api";
import { renderWithQueryClient } from "../../test/render";
import { SmsAlertsSection } from "./sms-alerts-section";

// The number's steps as a publisher with Premium and the add-on meets them: the section reads GET /api/sms
// and every action answers the next status, as the server does.

const CONSENT_TEXT = "I agree to receive listing alerts by text message from PayPerCall Hub.";
const PHONE = "+12015550123";
const SHOWN_PHONE = "(201) 555-0123";

type SmsNumber = NonNullable<SmsStatus["number"]>;

function smsStatus(number: Partial<SmsNumber> | null): SmsStatus {
  return {
    available: true,
    priceCents: 900,
    hasPremium: true,
    addon: { active: true, status: "active", currentPeriodEnd: null, cancelAtPeriodEnd: false },
    number: number && {
      phone: PHONE,
      verifiedAt: null,
      codeExpiresAt: null,
      resendAvailableAt: null,
      optedOutAt: null,
      optOutSource: null,
      suspendedAt: null,
      ...number,
    },
    timeZone: "America/Chicago",
    consent: { version: "2026-11-26", text: CONSENT_TEXT },
    blockedReason: null,
    publishableKey: "pk_test_1",
    replyNumber: "+12015550100",
  };
}

const WAITING_FOR_CODE = { verifiedAt: null };
const VERIFIED = { verifiedAt: "2026-11-20T10:00:00.000Z" };

/** The section with GET /api/sms answering `status`; `routes` answer the actions. */
async function renderSection(status: SmsStatus, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ "GET /api/sms": { body: status }, ...routes });
  const view = renderWithQueryClient(<SmsAlertsSection />);
  await screen.findByRole("heading", { level: 3 });
  return { ...view, api };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("adding a number", () => {
  it("asks for a number and the consent before anything is sent, and moves focus to the number", async () => {
    const { user, api } = await renderSection(smsStatus(null));

    expect(screen.getByRole("heading", { name: "Add your mobile number" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send code" }));

    expect(await screen.findByText(SMS_MESSAGES.invalidPhone)).toBeTruthy();
    expect(screen.getByText(SMS_MESSAGES.consentRequired)).toBeTruthy();
    const phone = screen.getByRole("textbox", { name: "Mobile number (US)" });
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(phone);
    expect(screen.getByRole("checkbox", { name: CONSENT_TEXT }).getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo("POST /api/sms/phone")).toHaveLength(0);
  });

  it("sends the number and the consent ticked from the keyboard, then asks for the code", async () => {
    const { user, api } = await renderSection(smsStatus(null));
    const sending = api.hold("POST /api/sms/phone");

    await user.click(screen.getByRole("textbox", { name: "Mobile number (US)" }));
    await user.keyboard(SHOWN_PHONE);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: CONSENT_TEXT }));
    await user.keyboard(" ");
    expect(screen.getByRole("checkbox", { name: CONSENT_TEXT }).getAttribute("aria-checked")).toBe("true");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Send code" }));
    await user.keyboard("{Enter}");

    const pending = await screen.findByRole("button", { name: "Sending..." });
    expect(pending).toHaveProperty("disabled", true);
    expect(api.callsTo("POST /api/sms/phone")[0]?.body).toEqual({
      phone: SHOWN_PHONE,
      consent: true,
      consentVersion: "2026-11-26",
    });

    sending.release({ body: smsStatus(WAITING_FOR_CODE) });
    const heading = await screen.findByRole("heading", { name: "Enter the code we texted you" });
    expect(heading).toBeTruthy();
    expect(screen.getByText(`We texted a 6-digit code to ${SHOWN_PHONE}.`)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "6-digit code" }));
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = await renderSection(smsStatus(null), {
      "POST /api/sms/phone": {
        status: 422,
        body: { message: SMS_MESSAGES.sendFailed, code: "sms_send_failed" },
      },
    });

    await user.type(screen.getByRole("textbox", { name: "Mobile number (US)" }), SHOWN_PHONE);
    await user.click(screen.getByRole("checkbox", { name: CONSENT_TEXT }));
    await user.click(screen.getByRole("button", { name: "Send code" }));

    expect((await screen.findByRole("alert")).textContent).toBe(SMS_MESSAGES.sendFailed);
    expect(screen.getByRole("textbox", { name: "Mobile number (US)" })).toHaveProperty("value", SHOWN_PHONE);
    expect(screen.getByRole("checkbox", { name: CONSENT_TEXT }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("button", { name: "Send code" })).toHaveProperty("disabled", false);
  });

  it("asks a number that texts stopped for again, filled in, with why", async () => {
    await renderSection(smsStatus({ ...VERIFIED, suspendedAt: "2026-11-22T10:00:00.000Z" }));

    expect(screen.getByRole("heading", { name: "Texts stopped: enter your number again" })).toBeTruthy();
    expect(screen.getByText(/after repeated delivery failures/)).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Mobile number (US)" })).toHaveProperty("value", SHOWN_PHONE);
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  });
});

describe("confirming the code", () => {
  it("checks the code's form before asking the server", async () => {
    const { user, api } = await renderSection(smsStatus(WAITING_FOR_CODE));

    await user.type(screen.getByRole("textbox", { name: "6-digit code" }), "12a{Enter}");

    expect((await screen.findByRole("alert")).textContent).toBe(SMS_MESSAGES.codeFormat);
    expect(api.callsTo("POST /api/sms/phone/verify")).toHaveLength(0);
  });

  it("shows a wrong code's refusal, then says the number is verified once the code is right", async () => {
    let tries = 0;
    const { user, api } = await renderSection(smsStatus(WAITING_FOR_CODE), {
      "POST /api/sms/phone/verify": () =>
        ++tries === 1
          ? { status: 400, body: { message: SMS_MESSAGES.wrongCode, code: "sms_wrong_code" } }
          : { body: smsStatus(VERIFIED) },
    });
    const code = screen.getByRole("textbox", { name: "6-digit code" });

    await user.type(code, "111111{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe(SMS_MESSAGES.wrongCode);

    await user.clear(code);
    await user.type(code, "123456{Enter}");
    const heading = await screen.findByRole("heading", { name: "SMS alerts are on" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText("Number Verified")).toBeTruthy();
    expect(screen.getByText(`SMS alerts go to ${SHOWN_PHONE}.`)).toBeTruthy();
    expect(api.callsTo("POST /api/sms/phone/verify").map((call) => call.body)).toEqual([
      { code: "111111" },
      { code: "123456" },
    ]);
  });

  it("offers another code only once the wait is over", async () => {
    vi.useFakeTimers({
      toFake: ["Date", "setInterval", "clearInterval"],
      now: Date.parse("2026-11-25T12:00:00Z"),
    });
    const { user, api } = await renderSection(
      smsStatus({ resendAvailableAt: "2026-11-25T12:00:30.000Z", codeExpiresAt: "2026-11-25T12:10:00.000Z" }),
      { "POST /api/sms/phone/resend": { body: smsStatus(WAITING_FOR_CODE) } },
    );

    expect(screen.getByRole("button", { name: "Resend code" })).toHaveProperty("disabled", true);
    expect(screen.getByText("You can ask for another code in 30 s.")).toBeTruthy();

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.queryByText(/You can ask for another code/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Resend code" }));

    expect(await screen.findByText(`We texted a new code to ${SHOWN_PHONE}.`)).toBeTruthy();
    expect(api.callsTo("POST /api/sms/phone/resend")).toHaveLength(1);
  });

  it("says when the code has expired", async () => {
    vi.useFakeTimers({
      toFake: ["Date", "setInterval", "clearInterval"],
      now: Date.parse("2026-11-25T12:00:00Z"),
    });
    await renderSection(smsStatus({ codeExpiresAt: "2026-11-25T12:00:05.000Z" }));

    expect(screen.queryByText(new RegExp(SMS_MESSAGES.codeExpired))).toBeNull();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByText(new RegExp(SMS_MESSAGES.codeExpired))).toBeTruthy();
  });

  it("goes back to the number form for another number, and Cancel returns to the code", async () => {
    const { user } = await renderSection(smsStatus(WAITING_FOR_CODE));

    await user.click(screen.getByRole("button", { name: "Use a different number" }));
    expect(screen.getByRole("heading", { name: "Enter your mobile number" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Mobile number (US)" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("heading", { name: "Enter the code we texted you" })).toBeTruthy();
  });
});

describe("turning texts off", () => {
  it("asks first; Escape keeps them on and gives the focus back", async () => {
    const { user, api } = await renderSection(smsStatus(VERIFIED));
    const turnOff = screen.getByRole("button", { name: "Turn off SMS alerts" });

    await user.click(turnOff);
    expect(screen.getByRole("alertdialog", { name: "Turn off SMS alerts?" })).toBeTruthy();
    await user.keyboard("{Escape}");

    expect(screen.queryByRole("alertdialog")).toBeNull();
    // The dialog hands the focus back once it has closed.
    await waitFor(() => expect(document.activeElement).toBe(turnOff));
    expect(api.callsTo("POST /api/sms/opt-out")).toHaveLength(0);
  });

  it("keeps both buttons disabled while it runs, then shows texts off with the focus on it", async () => {
    const { user, api } = await renderSection(smsStatus(VERIFIED));
    const optingOut = api.hold("POST /api/sms/opt-out");

    await user.click(screen.getByRole("button", { name: "Turn off SMS alerts" }));
    const dialog = screen.getByRole("alertdialog", { name: "Turn off SMS alerts?" });
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));

    expect(await within(dialog).findByRole("button", { name: "Turning off..." })).toHaveProperty(
      "disabled",
      true,
    );
    expect(within(dialog).getByRole("button", { name: "Keep them on" })).toHaveProperty("disabled", true);

    optingOut.release({
      body: smsStatus({ ...VERIFIED, optedOutAt: "2026-11-25T10:00:00.000Z", optOutSource: "web" }),
    });
    const heading = await screen.findByRole("heading", { name: "SMS alerts are off" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(`No more texts go to ${SHOWN_PHONE}.`)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Turn SMS alerts back on" })).toBeTruthy();
  });

  it("tells a number that replied STOP to text START, and offers only another number", async () => {
    await renderSection(
      smsStatus({ ...VERIFIED, optedOutAt: "2026-11-25T10:00:00.000Z", optOutSource: "sms" }),
    );

    expect(screen.getByText(smsStoppedMessage("+12015550100"))).toBeTruthy();
    expect(screen.getByRole("button", { name: "Use a different number" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Turn SMS alerts back on" })).toBeNull();
  });
});
