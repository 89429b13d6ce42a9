import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

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
    const jsonSchema = z.toJSONSchema(schema, { target: "draft-07", io: "output" });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    if (!validate) return stringify;
    return (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
