import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { NO_BUYER_FOR_FILE } from "../src/shared/schemas/listing-import";
import { expectAccessible, useBrowser } from "./support/browser";
import { useFixtures } from "./support/fixtures";

// An admin imports a spreadsheet of listings. The first file has two bad rows; the screen names
// them by line; the fixed file imports with a progress bar, and the listings are in the directory.

const ROWS = 20_000;

/** Drops `csv` on the dialog's drop zone as a file, as a person dragging it from their desktop would. */
async function dropFile(page: Page, csv: string, name: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ text, fileName }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], fileName, { type: "text/csv" }));
      return transfer;
    },
    { text: csv, fileName: name },
  );
  await page.getByTestId("csv-drop-zone").dispatchEvent("drop", { dataTransfer });
}

describe("CSV import", () => {
  const harness = useBrowser();
  const fixtures = useFixtures();

  it("shows each bad row with its line, then imports the fixed file with progress into /browse", async () => {
    const buyer = await fixtures.createUser({ role: "buyer" });
    const admin = await fixtures.createUser({ role: "admin" });
    const page = await harness.newPage();
    await fixtures.signIn(page, admin);
    const title = (n: number) => `${buyer.token} Import ${n}`;

    // Line 1 header; the bad rows sit on lines 3 (payout) and 6 (vertical), after a quoted multi-line cell.
    const header = "Title;Vertical;Payout;Geos;Buyer Email;Description";
    const rows = (fixed: boolean) => [
      `${title(1)};Solar;55;California|Texas;${buyer.user.email};Roofs under 15 years`,
      `${title(2)};Solar;${fixed ? "60" : "sixty"};;${buyer.user.email};`,
      `${title(3)};Legal;80;;${buyer.user.email};"Injury, auto;`,
      `second line"`,
      `${title(4)};${fixed ? "Insurance" : "Insurence"};45;;${buyer.user.email};`,
    ];
    const bad = [header, ...rows(false)].join("\r\n");

    await page.goto("/admin/buyers");
    await page.getByRole("heading", { name: "Manage Buyers" }).waitFor();
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import buyer listings from CSV" });
    await dialog.waitFor();
    // Nothing to check while there is no file and the text is blank: the button waits for input.
    expect(await dialog.getByRole("button", { name: "Check file" }).isDisabled()).toBe(true);

    await dropFile(page, bad, "listings.csv");
    await dialog.getByText("listings.csv").waitFor();
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText("4 rows, 2 errors to fix first.").waitFor();
    const errors = dialog.getByRole("table", { name: "Errors" });
    const errorRows = await errors.locator("tbody tr").allInnerTexts();
    expect(errorRows.map((r) => r.split("\t").slice(0, 2))).toEqual([
      ["3", "payout"],
      ["6", "vertical"],
    ]);
    expect(errorRows[1]).toContain("Vertical must be one of");
    expect(await dialog.getByRole("button", { name: /^Import / }).count()).toBe(0);
    await expectAccessible(page);

    // The fixed file, with enough rows behind it that the import takes a while.
    const filler = Array.from(
      { length: ROWS - 4 },
      (_, i) => `${title(i + 5)};Auto;${(i % 90) + 10};;${buyer.user.email};`,
    );
    const fixed = [header, ...rows(true), ...filler].join("\r\n");
    await dropFile(page, fixed, "listings-fixed.csv");
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText(`${ROWS.toLocaleString("en-US")} rows, no errors: ready to import.`).waitFor();
    const preview = dialog.getByRole("table", {
      name: `First 20 of ${ROWS.toLocaleString("en-US")} listings`,
    });
    expect(await preview.locator("tbody tr").first().innerText()).toContain(title(1));

    await dialog.getByRole("button", { name: `Import ${ROWS.toLocaleString("en-US")} listings` }).click();
    // The progress while it runs: a progress bar with the rows processed (or the saving step).
    await dialog.getByRole("progressbar").waitFor();
    await page
      .locator("li[data-state='open']")
      .getByText(`Successfully imported ${ROWS.toLocaleString("en-US")} buyer listings.`)
      .waitFor({ timeout: 60_000 });
    // The page remembers the result for an admin who comes back.
    await page.reload();
    await page.getByText(`Successfully imported ${ROWS.toLocaleString("en-US")} buyer listings.`).waitFor();

    // In the directory, with the multi-line description intact.
    await page.goto(`/browse?search=${encodeURIComponent(title(3))}`);
    await page.getByRole("heading", { name: title(3), exact: true }).waitFor();
    await page.goto(`/browse?search=${buyer.token}`);
    await page.getByRole("heading", { name: title(1), exact: true }).waitFor();
  });

  it("asks for the buyer before a file without a buyerEmail column, then imports it", async () => {
    const buyer = await fixtures.createUser({ role: "buyer" });
    const admin = await fixtures.createUser({ role: "admin" });
    const page = await harness.newPage();
    await fixtures.signIn(page, admin);

    // The documented column order, no header, no buyer column: 1,000 rows that would all fail alike.
    const rows = Array.from(
      { length: 1_000 },
      (_, i) => `${buyer.token} Pasted ${i},Solar,${(i % 50) + 20},Net 30,120,10,active,Homeowners`,
    );
    await page.goto("/admin/buyers");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import buyer listings from CSV" });
    await dialog.waitFor();
    await dialog.getByLabel("Or paste CSV text").fill(rows.join("\n"));
    const check = dialog.getByRole("button", { name: "Check file" });
    await dialog.getByText(NO_BUYER_FOR_FILE).waitFor();
    expect(await check.isDisabled()).toBe(true);
    await expectAccessible(page);

    // The buyer comes first in the dialog; choosing one lets the file through.
    const owner = dialog.getByRole("combobox", { name: "Buyer these listings belong to" });
    await owner.fill(buyer.token);
    await dialog.getByRole("option", { name: new RegExp(`Company ${buyer.token}`) }).click();
    expect(await dialog.getByText(NO_BUYER_FOR_FILE).count()).toBe(0);
    await check.click();
    await dialog.getByText("1,000 rows, no errors: ready to import.").waitFor();
    await dialog.getByRole("button", { name: "Import 1,000 listings" }).click();
    await page
      .locator("li[data-state='open']")
      .getByText("Successfully imported 1,000 buyer listings.")
      .waitFor({ timeout: 60_000 });

    // Without a chosen buyer, a file with a buyerEmail column goes through as it is.
    await page.getByRole("button", { name: "Import CSV" }).click();
    const clear = dialog.getByRole("button", { name: "Clear buyer" });
    if (await clear.count()) await clear.click();
    await dialog
      .getByLabel("Or paste CSV text")
      .fill(`title,vertical,payout,buyerEmail\nS ${buyer.token},Solar,50,${buyer.user.email}`);
    expect(await check.isDisabled()).toBe(false);
    expect(await dialog.getByText(NO_BUYER_FOR_FILE).count()).toBe(0);
  });
});
