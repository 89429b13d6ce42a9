import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buyerProfiles } from "../../db/schema";
import { useTestApp } from "../../test/context";
import { createBuyer, createSignedInUser, signIn } from "../../test/factories";

// The badge's one rule: only an administrator's approval sets verified_since and verified_until (and a
// revocation clears them). Held two ways: no source file but verification-review.ts writes the columns,
// and the routes a buyer or an admin can send those fields to drop them.

const ROOT_DIR = fileURLToPath(new URL("../../../../", import.meta.url));

/** Every .ts file under `dir`, tests and the test harness left out (their fixtures go through approvals too). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === "test" || name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const BADGE = /verified(?:Until|Since)\b|verified_(?:until|since)\b/;

/**
 * Where a file writes the badge's columns: a Drizzle update or insert of buyerProfiles that names them, a
 * property of that name in a file that writes buyerProfiles (the values may be built apart from the
 * insert), or an SQL update or insert of buyer_profiles that assigns them. Reads (the directory's
 * "bp.verified_until > now()", a select of buyerProfiles.verifiedUntil) are no writes.
 */
function badgeWrites(text: string): string[] {
  const found: string[] = [];
  const drizzleWrite = /\.(?:update|insert)\(\s*buyerProfiles\s*\)/g;
  const writesProfiles = drizzleWrite.test(text);
  for (const match of text.matchAll(drizzleWrite)) {
    const statement = text.slice(match.index, match.index + 1500).split(/;\s*\n/)[0]!;
    if (BADGE.test(statement)) found.push(statement.split("\n")[0]!.trim());
  }
  if (writesProfiles) {
    for (const line of text.split("\n")) {
      if (/(?<![.\w])verified(?:Until|Since)\s*:/.test(line)) found.push(line.trim());
    }
  }
  for (const match of text.matchAll(
    /update\s+(?:buyer_profiles|\$\{buyerProfiles\})\b[^`]*?\bset\b([^`]*?)(?:\bwhere\b|`)/gi,
  )) {
    if (/verified_(?:until|since)\s*=/.test(match[1]!)) found.push(match[0].split("\n")[0]!.trim());
  }
  for (const match of text.matchAll(
    /insert\s+into\s+(?:buyer_profiles|\$\{buyerProfiles\})\s*\(([^)]*)\)/gi,
  )) {
    if (BADGE.test(match[1]!)) found.push(match[0].split("\n")[0]!.trim());
  }
  return found;
}

/** The only files allowed to write the badge, and why. */
const WRITERS = new Map([
  ["src/server/features/buyer-verification/verification-review.ts", "the approval (and the revocation)"],
  // The load test's throwaway database: the bench measures the directory with half its buyers badged.
  ["scripts/bench.ts", "the bench's generated data"],
]);

describe("the verified badge's writers", () => {
  it("no source file but the approval writes verified_since or verified_until", () => {
    const offenders: string[] = [];
    for (const file of [...sourceFiles(join(ROOT_DIR, "src")), ...sourceFiles(join(ROOT_DIR, "scripts"))]) {
      const path = relative(ROOT_DIR, file);
      if (WRITERS.has(path)) continue;
      for (const write of badgeWrites(readFileSync(file, "utf8"))) offenders.push(`${path}: ${write}`);
    }
    expect(offenders).toEqual([]);
    // The check itself finds a write where there is one.
    const review = readFileSync(
      join(ROOT_DIR, "src/server/features/buyer-verification/verification-review.ts"),
      "utf8",
    );
    expect(badgeWrites(review).length).toBeGreaterThanOrEqual(2);
    expect(badgeWrites(readFileSync(join(ROOT_DIR, "scripts/bench.ts"), "utf8"))).not.toEqual([]);
    expect(
      badgeWrites("sql`update buyer_profiles set notes = 'x', verified_until = now() where id = 1`"),
    ).toHaveLength(1);
    expect(
      badgeWrites("sql`insert into buyer_profiles (user_id, verified_since) values (1, now())`"),
    ).toHaveLength(1);
    expect(badgeWrites("sql`select 1 from buyer_profiles bp where bp.verified_until > now()`")).toEqual([]);
  });

  describe("through the API", () => {
    const ctx = useTestApp();
    const db = () => ctx.database.db;
    const FUTURE = new Date(Date.now() + 365 * 24 * 3600_000).toISOString();
    const BADGE_FIELDS = {
      isVerified: true,
      verifiedUntil: FUTURE,
      verifiedSince: FUTURE,
      verified_until: FUTURE,
    };
    const badgeOf = async (userId: string) =>
      (
        await db()
          .select({ since: buyerProfiles.verifiedSince, until: buyerProfiles.verifiedUntil })
          .from(buyerProfiles)
          .where(eq(buyerProfiles.userId, userId))
      )[0];

    it("a buyer cannot give themselves the badge by creating or updating the profile, or through listings", async () => {
      const guest = await createSignedInUser(ctx, { role: "guest" });
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/buyer-profile",
        headers: { cookie: guest.cookie },
        payload: {
          company: "Self Made Co",
          contactEmail: "partners@self-made.example",
          contactPhone: "(555) 010-1234",
          applicationUrl: "https://self-made.example/apply",
          ...BADGE_FIELDS,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().isVerified).toBe(false);
      const updated = await ctx.app.inject({
        method: "PUT",
        url: "/api/buyer-profile",
        headers: { cookie: guest.cookie },
        payload: { notes: "We pay on time.", ...BADGE_FIELDS },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().isVerified).toBe(false);

      const listing = { title: "Medicare inbound", vertical: "Insurance", payout: "40", ...BADGE_FIELDS };
      const posted = await ctx.app.inject({
        method: "POST",
        url: "/api/buyer-listings",
        headers: { cookie: guest.cookie },
        payload: listing,
      });
      expect(posted.statusCode, posted.body).toBe(201);
      expect(posted.json()).toMatchObject({ isVerified: false, verifiedSince: null });
      const synced = await ctx.app.inject({
        method: "POST",
        url: "/api/buyer-listings/sync",
        headers: { cookie: guest.cookie },
        payload: { listings: [{ ...listing, externalId: "crm-1" }] },
      });
      expect(synced.statusCode, synced.body).toBe(200);
      const put = await ctx.app.inject({
        method: "PUT",
        url: "/api/buyer-listings/by-external-id/crm-2",
        headers: { cookie: guest.cookie },
        payload: listing,
      });
      expect([200, 201]).toContain(put.statusCode);
      expect(await badgeOf(guest.user.id)).toEqual({ since: null, until: null });
      const directory = (await ctx.app.inject({ url: "/api/buyer-listings?verified=1" })).json();
      expect(directory).toEqual([]);
    });

    it("an admin's listing writes and a CSV import cannot set it either", async () => {
      const admin = await createSignedInUser(ctx, { role: "admin" });
      const { user, profile } = await createBuyer(db(), { company: "Imported Co" });
      const csv = [
        "title,vertical,payout,isVerified,verifiedUntil,verified_until",
        `Solar Calls,Solar,50,true,${FUTURE},${FUTURE}`,
      ].join("\r\n");
      const imported = await ctx.app.inject({
        method: "POST",
        url: `/api/admin/buyer-listings/import-csv?buyerId=${profile.id}`,
        headers: { cookie: admin.cookie, "content-type": "text/csv" },
        payload: csv,
      });
      // The file is refused whole: those are no columns of a listing (nor is any buyer's badge).
      expect(imported.statusCode).toBe(400);
      expect(imported.json().errors.map((e: { column: string }) => e.column)).toEqual([
        "isVerified",
        "verifiedUntil",
        "verified_until",
      ]);
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/admin/buyer-listings",
        headers: { cookie: admin.cookie },
        payload: {
          buyerId: profile.id,
          title: "Legal intake",
          vertical: "Legal",
          payout: "80",
          ...BADGE_FIELDS,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await badgeOf(user.id)).toEqual({ since: null, until: null });
      const cookie = await signIn(ctx, user.email);
      const profileRead = await ctx.app.inject({ url: "/api/buyer-profile", headers: { cookie } });
      expect(profileRead.json().isVerified).toBe(false);
    });
  });
});
