import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  API_KEY_MESSAGES,
  type ApiKey,
  type CreatedApiKey,
  MAX_API_KEYS,
} from "../../../shared/schemas/api-keys";
import { fakeApi } from "../../test/fake-api";
import { renderWithQueryClient } from "../../test/render";
import { ApiKeysSection } from "./api-keys-section";

// The Account page's API keys as their owner meets them: create one (shown this once), and the limit.

const KEYS = "GET /api/api-keys" as const;
const CREATE = "POST /api/api-keys" as const;

function apiKey(n: number): ApiKey {
  return {
    id: `0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d${String(n).padStart(2, "0")}`,
    name: `Key ${n}`,
    prefix: `ppc_${n}abc`,
    scopes: ["listings:read"],
    createdAt: "2026-11-20T10:00:00.000Z",
    lastUsedAt: null,
    lastUsedIp: null,
  };
}

const CREATED: CreatedApiKey = {
  ...apiKey(1),
  name: "CRM sync",
  scopes: ["listings:read", "listings:write"],
  key: "ppc_1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d",
};

async function openCreateDialog(role: "buyer" | "publisher" = "buyer") {
  const view = renderWithQueryClient(<ApiKeysSection role={role} />);
  await screen.findByText("You have no API keys yet.");
  const open = screen.getByRole("button", { name: "Create key" });
  await view.user.click(open);
  return { ...view, open, dialog: screen.getByRole("dialog", { name: "Create an API key" }) };
}

describe("creating a key", () => {
  it("asks for a name and a scope before anything is sent, with the focus on the name", async () => {
    const api = fakeApi({ [KEYS]: { body: [] } });
    const { user, dialog } = await openCreateDialog();

    await user.click(within(dialog).getByRole("button", { name: "Create key" }));

    const name = await within(dialog).findByRole("textbox", { name: "Name" });
    expect(within(dialog).getByText(API_KEY_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(API_KEY_MESSAGES.scopesRequired)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it("moves the focus to the first scope when a scope is all that is missing", async () => {
    fakeApi({ [KEYS]: { body: [] } });
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "CRM sync{Enter}");

    expect(await within(dialog).findByText(API_KEY_MESSAGES.scopesRequired)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole("checkbox", { name: /listings:read/ }));
  });

  it("offers only the scopes the role may give", async () => {
    fakeApi({ [KEYS]: { body: [] } });
    const { dialog } = await openCreateDialog("publisher");

    const scopes = within(within(dialog).getByRole("group", { name: "Scopes" }));
    expect(scopes.getAllByRole("checkbox")).toHaveLength(3);
    for (const name of [
      "Read the directory, listings and your deal requests (listings:read)",
      "Read your alert preferences and saved searches (alerts:read)",
      "Register and manage webhook endpoints (webhooks:manage)",
    ]) {
      expect(scopes.getByRole("checkbox", { name })).toBeTruthy();
    }
  });

  it("shows the new key once, ready to copy, and forgets it on close", async () => {
    const api = fakeApi({ [KEYS]: { body: [] }, [CREATE]: { status: 201, body: CREATED } });
    const { user, dialog, open } = await openCreateDialog();

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "CRM sync");
    await user.click(within(dialog).getByRole("checkbox", { name: /listings:write/ }));
    await user.click(within(dialog).getByRole("checkbox", { name: /listings:read/ }));
    api.answer(KEYS, { body: [CREATED] });
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));

    expect(await screen.findByRole("dialog", { name: "Key “CRM sync” created" })).toBeTruthy();
    const secret = screen.getByRole("textbox", { name: "Your new API key" });
    expect(secret).toHaveProperty("value", CREATED.key);
    expect(document.activeElement).toBe(secret);
    expect(screen.getByText(API_KEY_MESSAGES.shownOnce)).toBeTruthy();
    // Ticked out of order, sent in the list's order.
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      name: "CRM sync",
      scopes: ["listings:read", "listings:write"],
    });

    await user.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(document.activeElement).toBe(open));
    const list = await screen.findByRole("table", { name: "Your API keys, newest first" });
    expect(within(list).getByRole("rowheader", { name: "CRM sync" })).toBeTruthy();
    expect(screen.queryByText(CREATED.key)).toBeNull();
    await user.click(open);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveProperty("value", "");
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    fakeApi({
      [KEYS]: { body: [] },
      [CREATE]: { status: 403, body: { message: API_KEY_MESSAGES.scopeNotForRole, code: "forbidden" } },
    });
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "CRM sync");
    await user.click(within(dialog).getByRole("checkbox", { name: /webhooks:manage/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));

    expect((await within(dialog).findByRole("alert")).textContent).toBe(API_KEY_MESSAGES.scopeNotForRole);
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveProperty("value", "CRM sync");
    expect(within(dialog).getByRole("button", { name: "Create key" })).toHaveProperty("disabled", false);
  });

  it("keeps Create key disabled while the server makes it", async () => {
    const api = fakeApi({ [KEYS]: { body: [] } });
    const creating = api.hold(CREATE);
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "CRM sync");
    await user.click(within(dialog).getByRole("checkbox", { name: /listings:read/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));

    expect(await within(dialog).findByRole("button", { name: "Creating..." })).toHaveProperty(
      "disabled",
      true,
    );
    creating.release({ status: 201, body: CREATED });
    expect(await screen.findByRole("dialog", { name: "Key “CRM sync” created" })).toBeTruthy();
  });
});

it(`offers no new key while ${MAX_API_KEYS} are held`, async () => {
  fakeApi({ [KEYS]: { body: Array.from({ length: MAX_API_KEYS }, (_, i) => apiKey(i + 1)) } });
  const role = "buyer";
  renderWithQueryClient(<ApiKeysSection role={role} />);

  expect(
    await screen.findByText(`You hold ${MAX_API_KEYS} keys, the most at once. Revoke one to create another.`),
  ).toBeTruthy();
  expect(screen.getByRole("button", { name: "Create key" })).toHaveProperty("disabled", true);
});
