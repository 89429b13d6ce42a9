import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PUBLISHER_MESSAGES, type PublisherProfile } from "../../../shared/schemas/publisher";
import { fakeApi } from "../../test/fake-api";
import { renderWithQueryClient } from "../../test/render";
import { ProfileEditForm } from "./profile-edit-form";

// Edit Profile on the publisher profile page: the fields onboarding asked for, checked by the same
// schema, and only what changed is sent.

const PROFILE: PublisherProfile = {
  id: "5f0c6a2e-1b3d-4c5e-8f7a-9b0c1d2e3f4a",
  website: "https://calls.example",
  avgDailyCalls: 40,
  yearsInBusiness: 3,
  trafficSources: ["Search Engine Marketing"],
  verticals: ["Legal", "Solar"],
  geos: ["Texas"],
  references: ["Ann Lee, Acme, ann@acme.example, 555-0100"],
  tier: "verified",
  status: "approved",
  qualityScore: 70,
  qualityBreakdown: { score: 70, factors: [] },
  complianceAckAt: "2026-11-01T10:00:00.000Z",
  domainVerifiedAt: "2026-11-02T10:00:00.000Z",
  verificationToken: "ppc-verify-5f0c6a2e1b3d4c5e",
  reviewedAt: "2026-11-03T10:00:00.000Z",
  reviewReason: null,
  company: "Calls Co",
  phone: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-03T10:00:00.000Z",
};

const UPDATE = `PUT /api/publisher-profile/${PROFILE.id}` as const;

function renderForm(profile = PROFILE) {
  const onDone = vi.fn();
  const view = renderWithQueryClient(<ProfileEditForm profile={profile} onDone={onDone} />);
  return { ...view, onDone };
}

const save = () => screen.getByRole("button", { name: "Save Changes" });

describe("saving", () => {
  it("sends only the fields that changed", async () => {
    const api = fakeApi({ [UPDATE]: ({ body }) => ({ body: { ...PROFILE, ...(body as object) } }) });
    const { user, onDone } = renderForm();

    const calls = screen.getByRole("spinbutton", { name: "Average daily calls" });
    await user.clear(calls);
    await user.type(calls, "55");
    await user.click(screen.getByRole("checkbox", { name: "Solar" }));
    await user.click(save());

    expect(await screen.findByText(PUBLISHER_MESSAGES.profileUpdated)).toBeTruthy();
    expect(api.callsTo(UPDATE)[0]?.body).toEqual({ avgDailyCalls: 55, verticals: ["Legal"] });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("sends nothing when nothing changed, and says so", async () => {
    const api = fakeApi();
    const { user, onDone } = renderForm();

    await user.click(save());

    expect(await screen.findByText("Nothing was changed, so nothing was saved.")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("keeps Save disabled while it runs, then shows the server's refusal with the changes kept", async () => {
    const api = fakeApi();
    const saving = api.hold(UPDATE);
    const { user, onDone } = renderForm();

    await user.click(screen.getByRole("checkbox", { name: "California" }));
    await user.click(save());
    expect(await screen.findByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);

    saving.release({ status: 404, body: { message: PUBLISHER_MESSAGES.profileNotFound, code: "not_found" } });
    expect((await screen.findByRole("alert")).textContent).toBe(PUBLISHER_MESSAGES.profileNotFound);
    expect(screen.getByRole("checkbox", { name: "California" }).getAttribute("aria-checked")).toBe("true");
    expect(save()).toHaveProperty("disabled", false);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe("checking", () => {
  it("says what is missing before sending, and moves the focus to the first field at fault", async () => {
    const api = fakeApi();
    const { user } = renderForm();

    await user.clear(screen.getByRole("textbox", { name: "Website URL" }));
    await user.click(screen.getByRole("checkbox", { name: "Search Engine Marketing" }));
    await user.click(save());

    const website = screen.getByRole("textbox", { name: "Website URL" });
    expect(await screen.findByText(PUBLISHER_MESSAGES.website)).toBeTruthy();
    const traffic = screen.getByRole("group", { name: "Traffic sources" });
    expect(within(traffic).getByRole("alert").textContent).toBe(PUBLISHER_MESSAGES.trafficSources);
    expect(document.activeElement).toBe(website);
    expect(api.calls).toHaveLength(0);
  });

  it("warns, tied to the field, that a new website has to be verified again", async () => {
    const { user } = renderForm();
    const website = screen.getByRole("textbox", { name: "Website URL" });
    expect(screen.queryByText("A new website needs to be verified again.")).toBeNull();

    await user.type(website, "/new");

    const note = screen.getByText("A new website needs to be verified again.");
    expect(website.getAttribute("aria-describedby")?.split(" ")).toContain(note.id);
  });
});

it("Cancel puts the profile's values back", async () => {
  const { user, onDone } = renderForm();

  await user.click(screen.getByRole("checkbox", { name: "Texas" }));
  await user.click(screen.getByRole("button", { name: "Cancel" }));

  expect(screen.getByRole("checkbox", { name: "Texas" }).getAttribute("aria-checked")).toBe("true");
  expect(onDone).toHaveBeenCalledOnce();
});
