import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compiledSerializer } from "./serializer";

// One compiled writer serves every schema of the same shape; a shape that differs, even only by a
// property named like an annotation ("description"), gets its own.

describe("compiledSerializer", () => {
  const compile = compiledSerializer({ validate: false });
  const writerFor = (schema: z.ZodType) =>
    compile({ schema, method: "GET", url: "/api/x", httpStatus: "200" } as never) as (
      data: unknown,
    ) => string;

  it("shares a writer between schemas that differ only by their annotations", () => {
    const error = z.object({ message: z.string(), code: z.string() });
    expect(writerFor(error.meta({ description: "Error: not_found" }))).toBe(
      writerFor(error.meta({ description: "Error: conflict", examples: [{ message: "m", code: "c" }] })),
    );
  });

  it("keeps a property named description, and writes only the properties of its own schema", () => {
    const withDescription = writerFor(z.object({ title: z.string(), description: z.string() }));
    const withoutDescription = writerFor(z.object({ title: z.string() }));
    expect(withDescription).not.toBe(withoutDescription);
    const listing = { title: "T", description: "D", secret: "S" };
    expect(JSON.parse(withDescription(listing))).toEqual({ title: "T", description: "D" });
    expect(JSON.parse(withoutDescription(listing))).toEqual({ title: "T" });
  });
});
