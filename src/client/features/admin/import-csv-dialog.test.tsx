import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { importedListingsMessage } from "../../../shared/constants";
import {
  type ImportReport,
  type ListingImportStatus,
  NO_BUYER_FOR_FILE,
} from "../../../shared/schemas/listing-import";
import { fakeApi } from "../../test/fake-api";
import { renderWithQueryClient } from "../../test/render";
import { ImportCsvDialog } from "./import-csv-dialog";
import { useListingImport } from "./use-listing-import";

// "Import CSV" on Manage Buyers as an administrator uses it: the buyer, the file or pasted text, the dry
// run's report, then the import. The page owns the import (closing the dialog does not stop it); the
// harness below does what the page does with it.

const IMPORT = "POST /api/admin/buyer-listings/import-csv" as const;
const LATEST = "GET /api/admin/buyer-listings/imports/latest" as const;
const PROFILES = "GET /api/admin/buyer-profiles" as const;

const WITH_BUYERS =
  "title,vertical,payout,buyerEmail\nSolar Calls,Solar,65,a@acme.test\nAuto Calls,Automotive,40,a@acme.test";
const WITHOUT_BUYERS = "title,vertical,payout\nSolar Calls,Solar,65";

const CLEAN: ImportReport = {
  rowCount: 2,
  errors: [],
  errorTotal: 0,
  preview: [
    {
      line: 2,
      title: "Solar Calls",
      vertical: "Solar",
      payout: "65.00",
      status: "active",
      paymentTerms: "Net 30",
      minVolume: 10,
      geos: [],
      buyer: "Acme Leads",
    },
    {
      line: 3,
      title: "Auto Calls",
      vertical: "Automotive",
      payout: "40.00",
      status: "active",
      paymentTerms: "Net 30",
      minVolume: 10,
      geos: [],
      buyer: "Acme Leads",
    },
  ],
};

const WITH_ERRORS: ImportReport = {
  rowCount: 2,
  errors: [{ line: 3, column: "payout", message: "Payout must be an amount like 45 or 45.50" }],
  errorTotal: 1,
  preview: [],
};

function ImportHarness() {
  const [open, setOpen] = useState(true);
  const listingImport = useListingImport(() => setOpen(false));
  return <ImportCsvDialog open={open} onOpenChange={setOpen} listingImport={listingImport} />;
}

function renderDialog() {
  const view = renderWithQueryClient(<ImportHarness />);
  return { ...view, dialog: screen.getByRole("dialog", { name: "Import buyer listings from CSV" }) };
}

const checkButton = () => screen.getByRole("button", { name: "Check file" });
const pasteBox = () => screen.getByRole("textbox", { name: "Or paste CSV text" });

describe("what to import", () => {
  it("has nothing to check until a file is chosen or text pasted", () => {
    renderDialog();

    expect(checkButton()).toHaveProperty("disabled", true);
  });

  it("asks for the buyer first when the rows do not name theirs, and finds one from the keyboard", async () => {
    fakeApi({
      [PROFILES]: ({ url }) => ({
        body:
          url.searchParams.get("search") === "acme"
            ? [{ id: "b-1", company: "Acme Leads", email: "ops@acme.test", listingCount: 3 }]
            : [],
      }),
    });
    const { user } = renderDialog();

    await user.click(pasteBox());
    await user.paste(WITHOUT_BUYERS);
    expect(screen.getByText(NO_BUYER_FOR_FILE)).toBeTruthy();
    expect(checkButton()).toHaveProperty("disabled", true);
    expect(checkButton().getAttribute("aria-describedby")).toBe(screen.getByText(NO_BUYER_FOR_FILE).id);

    await user.click(screen.getByRole("combobox", { name: "1. Buyer these listings belong to" }));
    await user.keyboard("acme");
    expect(await screen.findByRole("option", { name: /Acme Leads/ })).toBeTruthy();
    await user.keyboard("{ArrowDown}{Enter}");

    expect(screen.getByRole("combobox", { name: "1. Buyer these listings belong to" })).toHaveProperty(
      "value",
      "Acme Leads",
    );
    expect(screen.queryByText(NO_BUYER_FOR_FILE)).toBeNull();
    expect(checkButton()).toHaveProperty("disabled", false);
  });

  it("closes the buyer search with Escape and leaves the dialog open", async () => {
    fakeApi({ [PROFILES]: { body: [] } });
    const { user } = renderDialog();

    await user.click(screen.getByRole("combobox", { name: "1. Buyer these listings belong to" }));
    await user.keyboard("zzz");
    expect(await screen.findByRole("listbox", { name: "Matches" })).toBeTruthy();
    await user.keyboard("{Escape}");

    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Import buyer listings from CSV" })).toBeTruthy();
  });

  it("reads a chosen file's header, and Remove takes it away again", async () => {
    const { user } = renderDialog();

    await user.upload(
      screen.getByLabelText("CSV file"),
      new File([WITHOUT_BUYERS], "listings.csv", { type: "text/csv" }),
    );

    expect(screen.getByText("listings.csv")).toBeTruthy();
    expect(await screen.findByText(NO_BUYER_FOR_FILE)).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Or paste CSV text" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Remove listings.csv" }));
    expect(screen.queryByText("listings.csv")).toBeNull();
    expect(screen.queryByText(NO_BUYER_FOR_FILE)).toBeNull();
    expect(pasteBox()).toBeTruthy();
  });

  it("refuses a file over the size limit before sending anything", async () => {
    const api = fakeApi();
    const { user } = renderDialog();
    const file = new File(["title,vertical,payout"], "huge.csv", { type: "text/csv" });
    Object.defineProperty(file, "size", { value: 51 * 1024 * 1024 });

    await user.upload(screen.getByLabelText("CSV file"), file);

    expect((await screen.findByRole("alert")).textContent).toBe(
      "huge.csv is larger than the 50 MB limit. Split it into smaller files and import each.",
    );
    expect(checkButton()).toHaveProperty("disabled", true);
    expect(api.calls).toHaveLength(0);
  });
});

describe("the dry run", () => {
  it("sends the text as a file and lists the errors, offering no import", async () => {
    const api = fakeApi({
      [IMPORT]: { body: WITH_ERRORS },
      [LATEST]: { body: { import: null } },
    });
    const { user } = renderDialog();

    await user.click(pasteBox());
    await user.paste(WITH_BUYERS);
    await user.click(checkButton());

    expect((await screen.findByRole("status")).textContent).toBe("2 rows, 1 error to fix first.");
    const errors = screen.getByRole("table", { name: "Errors" });
    expect(
      within(errors).getByRole("cell", { name: "Payout must be an amount like 45 or 45.50" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Import / })).toBeNull();

    const sent = api.callsTo(IMPORT)[0]!;
    expect(sent.url.searchParams.get("dryRun")).toBe("1");
    expect(sent.url.searchParams.get("fileName")).toBe("pasted.csv");
    expect(sent.body).toBeInstanceOf(Blob);
    expect(await (sent.body as Blob).text()).toBe(WITH_BUYERS);
  });

  it("shows the check's progress, and the dialog may be closed meanwhile", async () => {
    const api = fakeApi();
    const checking = api.hold(IMPORT);
    // The progress of the import this dialog started, which it names by an id of its own choosing.
    api.answer(LATEST, () => ({
      body: {
        import: {
          id: api.callsTo(IMPORT)[0]?.url.searchParams.get("importId") ?? "",
          fileName: "pasted.csv",
          sizeBytes: 4000,
          bytesRead: 1000,
          rowsProcessed: 120,
          dryRun: true,
          status: "running",
          result: null,
          createdAt: "2026-11-25T12:00:00.000Z",
          updatedAt: "2026-11-25T12:00:01.000Z",
        } satisfies ListingImportStatus,
      },
    }));
    const { user } = renderDialog();

    await user.click(pasteBox());
    await user.paste(WITH_BUYERS);
    await user.click(checkButton());

    const progress = await screen.findByRole("progressbar", { name: "Checking the file" });
    await waitFor(() => expect(progress.getAttribute("aria-valuetext")).toBe("120 rows processed"));
    expect(progress.getAttribute("aria-valuenow")).toBe("25");
    expect(screen.getByRole("button", { name: "Close (the import goes on)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Checking…" })).toHaveProperty("disabled", true);

    checking.release({ body: CLEAN });
    expect(await screen.findByRole("button", { name: "Import 2 listings" })).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("says what the server refused", async () => {
    fakeApi({
      [IMPORT]: { status: 400, body: { message: NO_BUYER_FOR_FILE, code: "validation" } },
      [LATEST]: { body: { import: null } },
    });
    const { user } = renderDialog();

    await user.click(pasteBox());
    await user.paste(WITH_BUYERS);
    await user.click(checkButton());

    expect((await screen.findByRole("alert")).textContent).toBe(NO_BUYER_FOR_FILE);
    expect(checkButton()).toHaveProperty("disabled", false);
  });

  it("makes the check stale as soon as the text changes", async () => {
    fakeApi({ [IMPORT]: { body: CLEAN }, [LATEST]: { body: { import: null } } });
    const { user } = renderDialog();

    await user.click(pasteBox());
    await user.paste(WITH_BUYERS);
    await user.click(checkButton());
    await screen.findByRole("button", { name: "Import 2 listings" });

    await user.type(pasteBox(), "\nMore Calls,Solar,50,a@acme.test");
    expect(screen.queryByRole("button", { name: "Import 2 listings" })).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
    expect(checkButton()).toHaveProperty("disabled", false);
  });
});

describe("the import", () => {
  it("previews a clean file, then imports it and closes", async () => {
    const api = fakeApi({
      [IMPORT]: ({ url }) => ({ body: url.searchParams.get("dryRun") ? CLEAN : { imported: 2 } }),
      [LATEST]: { body: { import: null } },
    });
    const { user } = renderDialog();

    await user.click(pasteBox());
    await user.paste(WITH_BUYERS);
    await user.click(checkButton());

    expect((await screen.findByRole("status")).textContent).toBe("2 rows, no errors: ready to import.");
    const preview = screen.getByRole("table", { name: "First 2 of 2 listings" });
    expect(
      within(preview)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "LineTitleVerticalPayoutStatusBuyer",
      "2Solar CallsSolar$65.00activeAcme Leads",
      "3Auto CallsAutomotive$40.00activeAcme Leads",
    ]);

    await user.click(screen.getByRole("button", { name: "Import 2 listings" }));

    expect(await screen.findByText(importedListingsMessage(2))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const calls = api.callsTo(IMPORT);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url.searchParams.get("dryRun")).toBeNull();
  });

  it("shows the rows a refused import found wrong, with its message", async () => {
    const refusal = "Nothing was imported: fix the errors below and try again.";
    fakeApi({
      [IMPORT]: ({ url }) =>
        url.searchParams.get("dryRun")
          ? { body: CLEAN }
          : { status: 400, body: { message: refusal, code: "validation", ...WITH_ERRORS } },
      [LATEST]: { body: { import: null } },
    });
    const { user } = renderDialog();

    await user.click(pasteBox());
    await user.paste(WITH_BUYERS);
    await user.click(checkButton());
    await user.click(await screen.findByRole("button", { name: "Import 2 listings" }));

    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
    expect(screen.getByRole("table", { name: "Errors" })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Import buyer listings from CSV" })).toBeTruthy();
  });
});
