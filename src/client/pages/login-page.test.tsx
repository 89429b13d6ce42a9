import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PublicConfig } from "../../shared/schemas/config";
import type { DemoAccount } from "../../shared/schemas/dev";
import { fakeApi } from "../test/fake-api";
import { renderWithQueryClient } from "../test/render";
import LoginPage from "./login-page";

// /login in development lists the demo accounts, each signed in with one click (README.md, "Run it");
// anywhere else it shows only the sign-in link form.

const config = (isDevelopment: boolean): PublicConfig => ({
  appName: "PayPerCall Hub",
  premiumPriceCents: 49_900,
  premiumInterval: "year",
  boostPriceCents: 9_900,
  boostDays: 14,
  smsPriceCents: 1_900,
  stripePublishableKey: null,
  payments: "simulated",
  legalEmail: "legal@example.com",
  legalAddress: "1 Main St",
  signInMethod: "magic-link",
  isDevelopment,
  requirementTags: [],
});

const ACCOUNTS: DemoAccount[] = [
  { email: "admin@demo.test", role: "admin", description: "administrator" },
  { email: "buyer@demo.test", role: "buyer", description: "buyer with listings" },
];

describe("the sign-in page's demo accounts", () => {
  it("lists each demo account in development and signs in as one with a click", async () => {
    const api = fakeApi({
      "GET /api/config": { body: config(true) },
      "GET /api/dev/accounts": { body: ACCOUNTS },
      "POST /api/dev/login": { body: { ok: true } },
    });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { user } = renderWithQueryClient(<LoginPage />);

    for (const account of ACCOUNTS) {
      expect(await screen.findByText(account.email)).toBeTruthy();
      expect(screen.getByText(account.description)).toBeTruthy();
    }
    await user.click(screen.getByRole("button", { name: "Sign in as buyer@demo.test" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
    expect(api.callsTo("POST /api/dev/login").map((call) => call.body)).toEqual([
      { email: "buyer@demo.test" },
    ]);
  });

  it("is not there outside development, and the accounts are never asked for", async () => {
    const api = fakeApi({ "GET /api/config": { body: config(false) } });
    renderWithQueryClient(<LoginPage />);
    expect(await screen.findByRole("button", { name: "Email me a sign-in link" })).toBeTruthy();
    await waitFor(() => expect(api.callsTo("GET /api/config")).toHaveLength(1));
    expect(screen.queryByText("Demo accounts")).toBeNull();
    expect(api.callsTo("GET /api/dev/accounts")).toEqual([]);
  });
});
