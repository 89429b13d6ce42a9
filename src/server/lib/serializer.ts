import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

/** What a JSON Schema says to readers only: how an answer is written does not depend on it. */
const ANNOTATIONS = new Set(["description", "examples", "x-examples", "title", "$comment"]);

/** The schema without its annotations; a property that happens to be named "description" stays. */
function shapeOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shapeOf);
  if (node === null || typeof node !== "object") return node;
  const shape: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" && value !== null && typeof value === "object") {
      shape[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, shapeOf(sub)]));
    } else if (!ANNOTATIONS.has(key)) {
      shape[key] = shapeOf(value);
    }
  }
  return shape;
}

type Writer = ReturnType<typeof fastJson>;

// Many routes answer the same shapes (every error answer is {message, code}, each status documented with
// its own description and examples): one compiled writer per shape, not per route and status, which took
// an app's start from about 280 to 110 ms. Kept for the process, not per app: a schema's writer never
// changes, and the test suite builds an app for every file a worker runs (200 ms each without these).
const writersByShape = new Map<string, Writer>();
const writersBySchema = new WeakMap<ZodType, Writer>();

function writerFor(schema: ZodType): Writer {
  let stringify = writersBySchema.get(schema);
  if (stringify) return stringify;
  const jsonSchema = z.toJSONSchema(schema, { target: "draft-07", io: "output" });
  const shape = JSON.stringify(shapeOf(jsonSchema));
  stringify = writersByShape.get(shape);
  if (!stringify) {
    stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    writersByShape.set(shape, stringify);
  }
  writersBySchema.set(schema, stringify);
  return stringify;
}

/**
 * Responses are written by a serializer compiled once per route from its zod response schema:
 * fast-json-stringify over the schema's JSON Schema. Like the zod serializer it replaces, it writes only
 * the properties the schema names, so a field a handler did not mean to send (a contact, an email)
 * never leaves the server; unlike it, it does not re-validate every answer, which cost more than the
 * rest of a directory page's serialisation (about 130 µs for 20 listings, docs/performance.md). The
 * handlers' return types are checked against the same schemas at compile time; `validate` (development)
 * also checks each answer at run time, as before.
 */
export function compiledSerializer({ validate }: { validate: boolean }): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) => {
    const stringify = writerFor(schema);
    if (!validate) return stringify;
    return (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
