import { describe, expect, it } from "vitest";
import { GEOGRAPHIES, type Vertical } from "../../../shared/constants";
import { browsePagePath } from "../../../shared/routes";
import { TEST_APP_URL, useTestApp } from "../../test/context";
import { createBuyer, createListing } from "../../test/factories";
import { buildSitemaps, type Sitemaps } from "./site-map";
import { createSitemapCache } from "./site-map-cache";

/** Each `<url>` or `<sitemap>` entry of a file: its address and lastmod. */
function entriesOf(xml: string) {
  return [...xml.matchAll(/<(?:url|sitemap)><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\//g)].map(
    (m) => ({ loc: m[1]!, lastmod: m[2] }),
  );
}

const lastmodOf = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

describe("building the sitemaps", () => {
  const ctx = useTestApp();
  const base = Date.parse("2026-10-01T08:00:00Z");
  const at = (minutes: number) => new Date(base + minutes * 60_000);

  /** 31 active listings in three verticals and three states, and hidden ones of every kind. */
  async function seedDirectory() {
    const db = ctx.database.db;
    const { profile } = await createBuyer(db);
    const other = await createBuyer(db);
    const verticals: Vertical[] = ["Insurance", "Legal", "Solar"];
    const geos = [["Texas"], ["California", "Florida"], ["Texas", "Florida"]];
    const active = [];
    for (let i = 0; i < 31; i++) {
      const owner = i % 2 === 0 ? profile.id : other.profile.id;
      active.push(
        await createListing(db, owner, {
          vertical: verticals[i % 3],
          geos: geos[i % 3],
          updatedAt: at(i),
        }),
      );
    }
    // Hidden, each with a vertical and a location no active listing has; US National would name every state.
    const disabled = await createBuyer(db, {}, { disabledAt: new Date() });
    const hidden = [
      await createListing(db, profile.id, {
        status: "paused",
        vertical: "Travel",
        geos: ["Ohio"],
        updatedAt: at(100),
      }),
      await createListing(db, profile.id, {
        status: "inactive",
        vertical: "Finance",
        geos: [],
        updatedAt: at(101),
      }),
      await createListing(db, disabled.profile.id, {
        vertical: "Automotive",
        geos: ["US National"],
        updatedAt: at(102),
      }),
    ];
    return { active, hidden };
  }

  async function build(fileUrls: number): Promise<Sitemaps> {
    // Seven rows per statement, so the walk crosses statements inside a file and at its edges.
    return buildSitemaps({ db: ctx.database.db, appUrl: TEST_APP_URL, fileUrls, readRows: 7 });
  }

  it("splits every visible listing's page over files of at most the limit, each exactly once", async () => {
    const { active, hidden } = await seedDirectory();
    const { index, files } = await build(10);

    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    expect(index.trimEnd().endsWith("</sitemapindex>")).toBe(true);
    const named = entriesOf(index);
    expect(named.map((e) => e.loc)).toEqual([
      `${TEST_APP_URL}/sitemaps/pages.xml`,
      `${TEST_APP_URL}/sitemaps/listings-1.xml`,
      `${TEST_APP_URL}/sitemaps/listings-2.xml`,
      `${TEST_APP_URL}/sitemaps/listings-3.xml`,
      `${TEST_APP_URL}/sitemaps/listings-4.xml`,
    ]);
    expect([...files.keys()].sort()).toEqual(
      ["pages.xml", "listings-1.xml", "listings-2.xml", "listings-3.xml", "listings-4.xml"].sort(),
    );

    const listingEntries = [1, 2, 3, 4].flatMap((n) => {
      const xml = files.get(`listings-${n}.xml`)!;
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
      );
      const entries = entriesOf(xml);
      expect(entries.length).toBeLessThanOrEqual(10);
      // The index dates each file by its newest listing.
      const newest = entries
        .map((e) => e.lastmod!)
        .sort()
        .at(-1);
      expect(named.find((e) => e.loc.endsWith(`/listings-${n}.xml`))?.lastmod).toBe(newest);
      return entries;
    });
    expect(listingEntries.map((e) => e.loc).sort()).toEqual(
      active.map((l) => `${TEST_APP_URL}/listings/${l.id}`).sort(),
    );
    for (const listing of active) {
      const entry = listingEntries.find((e) => e.loc.endsWith(listing.id));
      expect(entry?.lastmod).toBe(lastmodOf(listing.updatedAt));
    }
    const everything = [index, ...files.values()].join("\n");
    for (const listing of hidden) expect(everything).not.toContain(listing.id);
  });

  it("fills the last file exactly at the limit without naming an empty one", async () => {
    const { active } = await seedDirectory();
    const { index, files } = await build(31);
    expect(entriesOf(index).map((e) => e.loc.replace(`${TEST_APP_URL}/sitemaps/`, ""))).toEqual([
      "pages.xml",
      "listings-1.xml",
    ]);
    expect(entriesOf(files.get("listings-1.xml")!)).toHaveLength(active.length);
    expect(files.has("listings-2.xml")).toBe(false);
  });

  it("lists the public pages and the page of each vertical and location that shows a listing, dated by its newest", async () => {
    const { active } = await seedDirectory();
    const { index, files } = await build(10);
    const pages = entriesOf(files.get("pages.xml")!);
    const newest = (filter: (i: number) => boolean) =>
      lastmodOf(new Date(Math.max(...active.filter((_l, i) => filter(i)).map((l) => l.updatedAt.getTime()))));
    expect(pages).toEqual([
      { loc: `${TEST_APP_URL}/`, lastmod: undefined },
      { loc: `${TEST_APP_URL}/browse`, lastmod: undefined },
      { loc: `${TEST_APP_URL}/pricing`, lastmod: undefined },
      { loc: `${TEST_APP_URL}/signup`, lastmod: undefined },
      { loc: `${TEST_APP_URL}/privacy-policy`, lastmod: undefined },
      { loc: `${TEST_APP_URL}/terms-of-service`, lastmod: undefined },
      { loc: `${TEST_APP_URL}/browse?vertical=Insurance`, lastmod: newest((i) => i % 3 === 0) },
      { loc: `${TEST_APP_URL}/browse?vertical=Legal`, lastmod: newest((i) => i % 3 === 1) },
      { loc: `${TEST_APP_URL}/browse?vertical=Solar`, lastmod: newest((i) => i % 3 === 2) },
      { loc: `${TEST_APP_URL}/browse?geo=California`, lastmod: newest((i) => i % 3 === 1) },
      { loc: `${TEST_APP_URL}/browse?geo=Texas`, lastmod: newest((i) => i % 3 !== 1) },
      { loc: `${TEST_APP_URL}/browse?geo=Florida`, lastmod: newest((i) => i % 3 !== 0) },
    ]);
    // pages.xml is as new as its newest page.
    expect(entriesOf(index)[0]).toEqual({
      loc: `${TEST_APP_URL}/sitemaps/pages.xml`,
      lastmod: lastmodOf(at(30)),
    });
  });

  it("names every location's page once a US National listing shows on all of them", async () => {
    const { profile } = await createBuyer(ctx.database.db);
    await createListing(ctx.database.db, profile.id, {
      vertical: "Home Services",
      geos: ["Ohio"],
      updatedAt: at(5),
    });
    // No geos at all reads as US National, as in the directory's filter.
    await createListing(ctx.database.db, profile.id, { geos: [], updatedAt: at(3) });
    const pages = entriesOf((await build(10)).files.get("pages.xml")!);
    const locationPages = pages.filter((p) => p.loc.includes("?geo="));
    expect(locationPages).toEqual(
      GEOGRAPHIES.map((geo) => ({
        loc: `${TEST_APP_URL}${browsePagePath({ geo })}`,
        lastmod: lastmodOf(geo === "Ohio" ? at(5) : at(3)),
      })),
    );
    expect(pages.map((p) => p.loc)).toContain(`${TEST_APP_URL}/browse?vertical=Home+Services`);
  });

  it("names only pages.xml, undated, for an empty directory", async () => {
    const { index, files } = await build(10);
    expect(entriesOf(index)).toEqual([{ loc: `${TEST_APP_URL}/sitemaps/pages.xml`, lastmod: undefined }]);
    expect([...files.keys()]).toEqual(["pages.xml"]);
    expect(entriesOf(files.get("pages.xml")!)).toHaveLength(6);
  });
});

describe("the sitemaps' cache", () => {
  const sitemaps = (label: string): Sitemaps => ({ index: label, files: new Map() });

  it("answers one build until it expires, then builds again", async () => {
    let clock = Date.parse("2026-10-01T08:00:00Z");
    let builds = 0;
    const cache = createSitemapCache({
      build: async () => sitemaps(`build ${++builds}`),
      now: () => new Date(clock),
      maxAgeMs: 1000,
    });
    expect((await cache.read()).index).toBe("build 1");
    clock += 999;
    expect((await cache.read()).index).toBe("build 1");
    clock += 1;
    expect((await cache.read()).index).toBe("build 2");
  });

  it("shares one build between requests that arrive while it runs", async () => {
    let builds = 0;
    let finish!: () => void;
    const cache = createSitemapCache({
      build: () => {
        builds++;
        return new Promise<Sitemaps>((resolve) => {
          finish = () => resolve(sitemaps("shared"));
        });
      },
      now: () => new Date(),
    });
    const reads = [cache.read(), cache.read(), cache.read()];
    finish();
    expect((await Promise.all(reads)).map((s) => s.index)).toEqual(["shared", "shared", "shared"]);
    expect(builds).toBe(1);
  });

  it("keeps no failed build: the next request builds again", async () => {
    let builds = 0;
    const cache = createSitemapCache({
      build: async () => {
        builds++;
        if (builds === 1) throw new Error("database unavailable");
        return sitemaps("second");
      },
      now: () => new Date(),
    });
    await expect(Promise.all([cache.read(), cache.read()])).rejects.toThrow("database unavailable");
    expect(builds).toBe(1);
    expect((await cache.read()).index).toBe("second");
    expect(builds).toBe(2);
  });
});
