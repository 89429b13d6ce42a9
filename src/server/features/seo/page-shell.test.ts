import { rmSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PAGE_STATE_ELEMENT_ID, type PageReadResult } from "../../../shared/page-render";
import { listingEvents } from "../../db/schema";
import { etagOf } from "../../lib/etag";
import { recordStatements, useTestApp } from "../../test/context";
import { createBuyer, createListing } from "../../test/factories";
import { drawableClientDir, recordingRenderer } from "../../test/page-renderer";
import { drawnPageCache } from "./page-shell";

// The public pages the server draws: what it reads for a page (as a signed-out visitor, through the
// API's own services), how the drawing and its data go into the HTML, what is kept and what is read per
// request. The drawing itself is the client's (src/client/entry-server.tsx, loaded from the build; the
// browser tests run it): here a stand-in draws each page as the answers it was given.

const clientDir = drawableClientDir();
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The answers a drawn page carries for the browser, from its state script. */
function pageState(html: string): PageReadResult[] {
  const open = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  if (start === -1) throw new Error("the page carries no state");
  return JSON.parse(html.slice(start + open.length, html.indexOf("</script>", start))) as PageReadResult[];
}

const contactOf = (profile: Awaited<ReturnType<typeof createBuyer>>["profile"]) => [
  profile.company,
  profile.contactEmail!,
  profile.contactPhone!,
  profile.applicationUrl!,
];

describe("the public pages the server draws", () => {
  const renderer = recordingRenderer();
  const ctx = useTestApp({ clientDir, pageRenderer: renderer });

  async function buyerWithListings(n: number, title = "Final Expense Inbound Calls") {
    const buyer = await createBuyer(ctx.database.db, { applicationUrl: "https://apply.buyer.example/form" });
    const listings = [];
    for (let i = 0; i < n; i++) {
      listings.push(await createListing(ctx.database.db, buyer.profile.id, { title: `${title} ${i}` }));
    }
    return { ...buyer, listings };
  }
  const views = async () =>
    (
      await ctx.database.db.select({ n: count() }).from(listingEvents).where(eq(listingEvents.kind, "view"))
    )[0]?.n;

  it("draws the directory from the visitor's answer of the API: no contact, and the next page's address", async () => {
    const { profile } = await buyerWithListings(3);
    const page = await ctx.app.inject({ url: "/browse?limit=2&sort=newest" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toMatch(/<div id="root"><main><section data-kind="config">.*<\/main><\/div>/);

    const api = await ctx.app.inject({ url: "/api/buyer-listings?limit=2&sort=newest" });
    const directory = pageState(page.body).find((r) => r.kind === "directory");
    expect(directory).toEqual({
      kind: "directory",
      url: "/api/buyer-listings?limit=2&sort=newest",
      data: api.json(),
      next: expect.stringMatching(/^\/api\/buyer-listings\?limit=2&sort=newest&cursor=[\w-]+$/),
    });
    if (directory?.kind !== "directory") return;
    expect(directory.data.map((l) => l.contact)).toEqual([null, null]);
    // Load More goes on from there: the third listing, and no page after it.
    const rest = await ctx.app.inject({ url: directory.next! });
    expect(rest.json().map((l: { title: string }) => l.title)).toEqual(["Final Expense Inbound Calls 0"]);
    expect(rest.headers.link).toBeUndefined();
    // The contact rule holds for the HTML: nothing of the buyer's contact anywhere in the answer.
    for (const contact of contactOf(profile)) {
      expect(contact).toBeTruthy();
      expect(page.body).not.toContain(contact);
    }
  });

  it("reads a listing's page with one query, as a visitor, and counts no view for it", async () => {
    const { profile, listings } = await buyerWithListings(1, "Medicare Inbound Calls");
    const listing = listings[0];
    const statements = recordStatements(ctx.database);
    const page = await ctx.app.inject({ url: `/listings/${listing!.id}` });
    statements.stop();
    expect(page.statusCode).toBe(200);
    // The head is made from the row the page is drawn from: one statement for both.
    expect(statements.texts).toHaveLength(1);
    expect(page.body).toContain("<title>Medicare Inbound Calls 0 · PayPerCall Hub</title>");
    expect(await views()).toBe(0);

    const drawn = pageState(page.body).find((r) => r.kind === "listing");
    const api = await ctx.app.inject({ url: `/api/buyer-listings/${listing!.id}` });
    expect(drawn).toEqual({ kind: "listing", id: listing!.id, data: api.json() });
    expect(drawn?.kind === "listing" && drawn.data.contact).toBeNull();
    for (const contact of contactOf(profile)) expect(page.body).not.toContain(contact);
    // The API's own read counted the view the page's did not.
    expect(await views()).toBe(1);
  });

  it("answers a listing nobody may see with the 404 shell, drawn by nobody", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    const paused = await createListing(ctx.database.db, profile.id, { status: "paused" });
    const drawnBefore = renderer.drawn.length;
    for (const url of [
      `/listings/${paused.id}`,
      "/listings/0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f",
      "/listings/x",
    ]) {
      const page = await ctx.app.inject({ url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).not.toContain(PAGE_STATE_ELEMENT_ID);
    }
    expect(renderer.drawn.length).toBe(drawnBefore);
  });

  it("sends the old address of a listing's page, /buyer/<id>, to /listings/<id> for good, query kept", async () => {
    const { listings } = await buyerWithListings(1);
    const id = listings[0]!.id;
    const drawnBefore = renderer.drawn.length;
    for (const [url, location] of [
      [`/buyer/${id}`, `/listings/${id}`],
      [`/buyer/${id}/`, `/listings/${id}`],
      [`/buyer/${id}?utm_source=alert&tab=reviews`, `/listings/${id}?utm_source=alert&tab=reviews`],
      // An id nobody knows moves too: the new address answers its 404.
      ["/buyer/0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f", "/listings/0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f"],
    ] as const) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await ctx.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(301);
        expect(res.headers.location, `${method} ${url}`).toBe(location);
        expect(res.body, url).not.toContain("<html");
      }
    }
    expect(renderer.drawn.length).toBe(drawnBefore);
    const moved = await ctx.app.inject({ url: `/listings/${id}` });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain(listings[0]!.title);
  });

  it("leaves the buyer's own pages under /buyer where they are", async () => {
    const { listings } = await buyerWithListings(1);
    for (const url of [
      `/buyer/listings/${listings[0]!.id}/boost`,
      "/buyer/dashboard",
      "/buyer/dashboard?tab=analytics",
      "/Buyer/Dashboard/",
      "/buyer/onboarding",
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location, url).toBeUndefined();
      expect(res.headers["content-type"], url).toContain("text/html");
    }
    // Not a listing's old address either: more than one segment, or none.
    for (const url of ["/buyer", "/buyer/", "/buyer/a/b", `/buyer/listings/${listings[0]!.id}`]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
    // Nor a file or the API below it.
    expect((await ctx.app.inject({ url: `/api/buyer/${listings[0]!.id}` })).headers.location).toBeUndefined();
  });

  it("draws a page again only when what it read changed, and revalidates it to a 304 until then", async () => {
    await buyerWithListings(1);
    const drawnBefore = renderer.drawn.length;
    const pricing = await ctx.app.inject({ url: "/pricing" });
    expect((await ctx.app.inject({ url: "/pricing" })).body).toBe(pricing.body);
    const browse = await ctx.app.inject({ url: "/browse" });
    expect((await ctx.app.inject({ url: "/browse" })).body).toBe(browse.body);
    expect(renderer.drawn.slice(drawnBefore)).toEqual(["/pricing", "/browse"]);

    for (const [url, first] of [
      ["/pricing", pricing],
      ["/browse", browse],
    ] as const) {
      const again = await ctx.app.inject({ url, headers: { "if-none-match": String(first.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe("");
    }
    // A new listing changes what the directory reads: drawn again, with a new tag.
    await buyerWithListings(1, "Solar Inbound Calls");
    const changed = await ctx.app.inject({
      url: "/browse",
      headers: { "if-none-match": String(browse.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain("Solar Inbound Calls 0");
    expect(renderer.drawn.slice(drawnBefore)).toEqual(["/pricing", "/browse", "/browse"]);
  });

  it("draws the directory without its list when the filters are not valid: the browser asks and shows why", async () => {
    const page = await ctx.app.inject({ url: "/browse?geo=Atlantis" });
    expect(page.statusCode).toBe(200);
    expect(pageState(page.body).map((r) => r.kind)).toEqual(["config"]);
  });

  it("leaves the page to a browser that says someone is signed in there, and varies by that cookie", async () => {
    const { listings } = await buyerWithListings(1);
    for (const url of ["/", "/browse", `/listings/${listings[0]!.id}`, "/pricing"]) {
      const drawn = await ctx.app.inject({ url, headers: { cookie: "theme=dark; ppc.signed-in=0" } });
      expect(drawn.body, url).toContain(PAGE_STATE_ELEMENT_ID);
      expect(drawn.headers.vary, url).toBe("Cookie, accept-encoding");
      const hinted = await ctx.app.inject({ url, headers: { cookie: "theme=dark; ppc.signed-in=1" } });
      expect(hinted.statusCode, url).toBe(200);
      expect(hinted.body, url).toContain('<div id="root"></div>');
      expect(hinted.body, url).not.toContain(PAGE_STATE_ELEMENT_ID);
      expect(hinted.headers.vary, url).toBe("Cookie, accept-encoding");
      // Its own head all the same (a listing's title too; no chunks named: the shell is drawn after its
      // scripts ran), and its own tag.
      const head = (body: string) =>
        body.slice(0, body.indexOf("</head>")).replace(/<link rel="modulepreload"[^>]*>/g, "");
      expect(head(hinted.body)).toBe(head(drawn.body));
      expect(hinted.headers.etag, url).not.toBe(drawn.headers.etag);
    }
  });

  it("names the chunks the browser needs to take the page over, and never serves the build's own files", async () => {
    const browse = await ctx.app.inject({ url: "/browse" });
    const head = browse.body.slice(0, browse.body.indexOf("</head>"));
    // The page's chunk and what it imports beyond the entry's own; the entry's are in index.html.
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/browse-page.js" />' +
        '<link rel="modulepreload" crossorigin href="/assets/cards.js" />',
    );
    expect(head).not.toContain("/assets/react.js");
    for (const url of ["/.vite/manifest.json", "/ssr/entry-server.js"]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await ctx.app.inject({ url: "/index.html" })).statusCode).toBe(200);
  });

  it("leaves a page drawn in the browser alone", async () => {
    const page = await ctx.app.inject({ url: "/login" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain(PAGE_STATE_ELEMENT_ID);
  });
});

describe("a page the server fails to draw", () => {
  const ctx = useTestApp({ clientDir, pageRenderer: recordingRenderer({ fail: true }) });

  it("is the shell with its head, for the browser to draw", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    const listing = await createListing(ctx.database.db, profile.id, { title: "Auto Warranty Calls" });
    const page = await ctx.app.inject({ url: `/listings/${listing.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Auto Warranty Calls · PayPerCall Hub</title>");
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain(PAGE_STATE_ELEMENT_ID);
  });
});

describe("the drawn pages kept", () => {
  it("gives a page back only for the same answers, and lets the least recently used go past the limit", () => {
    const kept = drawnPageCache(30);
    kept.set("/a", "[1]", "<p>a</p>");
    kept.set("/b", "[1]", "<p>b</p>");
    expect(kept.get("/a", "[2]")).toBeUndefined();
    expect(kept.get("/a", "[1]")?.html).toBe("<p>a</p>");
    // /b is now the least recently used: the third page pushes it out (3 × 11 characters > 30).
    kept.set("/c", "[1]", "<p>c</p>");
    expect(kept.get("/b", "[1]")).toBeUndefined();
    expect(kept.get("/a", "[1]")?.html).toBe("<p>a</p>");
    expect(kept.get("/c", "[1]")).toEqual({ answers: "[1]", html: "<p>c</p>", etag: etagOf("<p>c</p>") });
    // A page drawn again from new answers replaces its old self.
    kept.set("/a", "[2]", "<p>A</p>");
    expect(kept.get("/a", "[1]")).toBeUndefined();
    expect(kept.get("/a", "[2]")?.html).toBe("<p>A</p>");
  });
});
