import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { ROLES } from "../../../shared/constants";
import { compiledShape, shapeParams } from "../../db/client";
import type { Viewer } from "../../lib/viewer";
import { detailQuery } from "./listing-detail";

const dialect = new PgDialect();
const NOW = new Date("2026-11-28T12:00:00.000Z");
const LISTING = "5f0c6a1e-3b7d-4c1a-9a53-2d6f8e4b7c10";

/** Two viewers of every role, with and without a subscription, and a visitor. */
const viewers: (Viewer | null)[] = [
  null,
  ...ROLES.flatMap((role) =>
    [false, true].flatMap((hasActiveSubscription) =>
      ["a", "b"].map((n) => ({
        id: `${n}0000000-0000-4000-8000-00000000000${ROLES.indexOf(role)}`,
        email: `${role}-${n}@example.test`,
        role,
        hasActiveSubscription,
      })),
    ),
  ),
];

describe("the listing detail's statement, compiled once per shape", () => {
  it("reads the same text for every viewer of a shape, and binds each request's own values", () => {
    const textOfShape = new Map<string, string>();
    for (const recordView of [true, false]) {
      for (const [i, viewer] of viewers.entries()) {
        const ip = `203.0.113.${i}`;
        const query = detailQuery({
          viewer,
          listingId: LISTING,
          ip,
          keySecret: "k".repeat(32),
          recordView,
          now: NOW,
        });
        const direct = dialect.sqlToQuery(query.build(query.values));
        const compiled = compiledShape(query.values, query.build);
        expect(compiled.text, query.shape).toBe(direct.sql);
        expect(shapeParams(compiled, query.values), query.shape).toEqual(direct.params);
        // The claim the cache rests on: the shape alone decides the text.
        const seen = textOfShape.get(query.shape);
        if (seen === undefined) textOfShape.set(query.shape, direct.sql);
        else expect(direct.sql, `${query.shape} for ${viewer?.email ?? "a visitor"}`).toBe(seen);
        expect(direct.params).toContain(viewer?.id ?? LISTING);
      }
    }
    // Visitors, admins, subscribers and the rest read different statements.
    expect(new Set(textOfShape.values()).size).toBeGreaterThanOrEqual(6);
  });
});
