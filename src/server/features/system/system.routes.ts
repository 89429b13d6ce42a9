import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicConfigSchema } from "../../../shared/schemas/config";
import { AppError } from "../../lib/app-error";
import { errorResponses } from "../../plugins/errors";
import { publicConfigOf } from "./public-config";

const SHUTTING_DOWN_MESSAGE = "The server is shutting down.";

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicConfig = publicConfigOf(app.config);

  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { response: { 200: z.object({ status: z.literal("ok") }), ...errorResponses } },
    },
    async () => ({
      status: "ok" as const,
    }),
  );

  app.get(
    "/api/ready",
    {
      config: { access: "public" },
      schema: {
        response: {
          200: z.object({ status: z.literal("ready"), database: z.enum(["postgres", "pglite"]) }),
          ...errorResponses,
        },
      },
    },
    async () => {
      // First sign of a shutdown (server.ts): the load balancer stops sending requests here while the
      // instance still serves them.
      if (app.isDraining()) throw new AppError("unavailable", SHUTTING_DOWN_MESSAGE);
      try {
        await app.database.ping();
      } catch (err) {
        // 503 with Retry-After; the error handler logs it once a minute however often it is probed.
        throw new AppError("unavailable", "Database unavailable", { cause: err });
      }
      return { status: "ready" as const, database: app.database.engine };
    },
  );

  app.get(
    "/api/config",
    { config: { access: "public" }, schema: { response: { 200: publicConfigSchema, ...errorResponses } } },
    async () => publicConfig,
  );
}
