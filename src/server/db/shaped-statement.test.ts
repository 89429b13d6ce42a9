import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/context";
import { createUser } from "../test/factories";
import { compiledShape, ShapedStatement, shapeParams } from "./client";

describe("a statement built once per shape", () => {
  const ctx = useTestApp();

  type Values = { email: string; role: string };
  // A value fixed in the text's build ('publisher' in the second shape) beside the request's values.
  const build =
    (shape: "any" | "publisher") =>
    ({ email, role }: Values): SQL =>
      shape === "any"
        ? sql`select u.email, u.role, ${role}::text as "asked" from users u where u.email = ${email}`
        : sql`select u.email, u.role, ${role}::text as "asked" from users u
            where u.email = ${email} and u.role = ${"publisher"}`;

  it("binds each request's own values to the text its shape's first request wrote, on either engine", async () => {
    await createUser(ctx.database.db, { email: "a@example.test", role: "buyer" });
    await createUser(ctx.database.db, { email: "b@example.test", role: "publisher" });
    const statement = new ShapedStatement<Values>();
    const read = (shape: "any" | "publisher", values: Values) =>
      statement.select<{ email: string; role: string; asked: string }>(
        ctx.database.db,
        shape,
        values,
        build(shape),
      );

    expect(await read("any", { email: "a@example.test", role: "first" })).toEqual([
      { email: "a@example.test", role: "buyer", asked: "first" },
    ]);
    // The same shape, other values: the kept text, this request's values.
    expect(await read("any", { email: "b@example.test", role: "second" })).toEqual([
      { email: "b@example.test", role: "publisher", asked: "second" },
    ]);
    // Another shape is its own text.
    expect(await read("publisher", { email: "a@example.test", role: "third" })).toEqual([]);
    expect(await read("publisher", { email: "b@example.test", role: "fourth" })).toEqual([
      { email: "b@example.test", role: "publisher", asked: "fourth" },
    ]);
  });

  it("compiles to the text and parameters the statement has when built with the values", () => {
    const values = { email: "a@example.test", role: "buyer" };
    const compiled = compiledShape(values, build("publisher"));
    expect(compiled.slots).toEqual([{ value: "role" }, { value: "email" }, { fixed: "publisher" }]);
    expect(compiled.text).not.toContain("a@example.test");
    expect(shapeParams(compiled, values)).toEqual(["buyer", "a@example.test", "publisher"]);
  });
});
