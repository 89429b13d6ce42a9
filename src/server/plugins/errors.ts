import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";

// One error handler for the whole API (DESIGN.md §3): every body is {"message"}; validation errors add
// `issues`; 5xx never leak internals.
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx we raised on purpose (a failed Stripe call, say) still deserves its cause in the log.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: `${error.validationContext ?? ""}${v.instancePath}`.replace(/\//g, "."),
        message: v.message ?? "is invalid",
      }));
      const first = issues[0];
      const message = first ? `Invalid ${first.path || "request"}: ${first.message}` : "Invalid request";
      return reply.code(400).send({ message, issues });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ message: "Internal Server Error" });
    }
    if (status === 413) return reply.code(413).send({ message: "Request body is too large" });
    return reply.code(status).send({ message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") {
      return reply.code(404).send({ message: "Not Found" });
    }
    // Everything else is the single-page app; the static plugin decorates sendFile (see app.ts).
    return reply.type("text/html").sendFile("index.html");
  });
}
