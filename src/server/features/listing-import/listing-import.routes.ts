import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../shared/errors";
import {
  importDoneSchema,
  importRefusedSchema,
  importReportSchema,
  LISTING_IMPORT_LIMITS,
  listingImportJsonSchema,
  listingImportQuerySchema,
  listingImportStatusSchema,
} from "../../../shared/schemas/listing-import";
import { AppError } from "../../lib/app-error";
import { idParams } from "../../lib/ids";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { exportListingsCsv } from "./export-listings";
import { type ImportSource, importListings } from "./import-listings";
import { getImportStatus, latestImport } from "./import-progress";
import { ImportLimitError, TOO_MANY_BYTES } from "./listing-csv";

// CSV import and export of buyer listings. app.ts registers it inside the admin area, so every route here
// is admin-only. The import takes its body as a stream: a text/csv body, a multipart upload (field
// `file`), or JSON {csvData} (the original paste form) for a small paste (JSON keeps the 1 MB body limit).

const CSV_TYPES = ["text/csv", "text/plain", "application/csv"];
const NO_BODY =
  "Send the CSV as a text/csv body, as a multipart upload in the field “file”, or as JSON {csvData}";

async function importSource(request: FastifyRequest, fileName: string | undefined): Promise<ImportSource> {
  const length = Number(request.headers["content-length"]);
  const sizeBytes = Number.isFinite(length) && length > 0 ? length : null;
  // Refuse an announced oversize body before reading a byte of it.
  if (sizeBytes !== null && sizeBytes > LISTING_IMPORT_LIMITS.maxBytes + 64 * 1024) {
    throw new ImportLimitError(TOO_MANY_BYTES);
  }
  if (request.isMultipart()) {
    const part = await request.file();
    if (part?.fieldname !== "file") throw new AppError("validation", NO_BODY);
    return { stream: part.file, fileName: fileName ?? (part.filename || "upload.csv"), sizeBytes };
  }
  if (request.body instanceof Readable) {
    return { stream: request.body, fileName: fileName ?? "pasted.csv", sizeBytes };
  }
  const json = listingImportJsonSchema.safeParse(request.body);
  if (!json.success) throw new AppError("validation", NO_BODY);
  const bytes = Buffer.from(json.data.csvData);
  return { stream: Readable.from([bytes]), fileName: fileName ?? "pasted text", sizeBytes: bytes.length };
}

export async function listingImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Admin answers carry contacts and personal data.
  answersArePrivate(app);

  // The body stays a stream; the import counts its bytes against the limit as it reads.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));
  // One file; the byte limit itself is enforced while reading (one byte over is enough to know).
  await app.register(multipart, {
    limits: { files: 1, fields: 5, parts: 6, fileSize: LISTING_IMPORT_LIMITS.maxBytes + 1 },
  });

  app.post(
    "/buyer-listings/import-csv",
    {
      schema: {
        querystring: listingImportQuerySchema,
        response: {
          200: z.union([importReportSchema, importDoneSchema]),
          400: z.union([importRefusedSchema, errorSchema]),
          ...errorResponses,
        },
      },
    },
    withViewer(async (req, reply, viewer) => {
      const source = await importSource(req, req.query.fileName);
      const outcome = await importListings({
        database: app.database,
        jobs: app.jobs,
        viewer,
        query: req.query,
        source,
        log: req.log,
        metrics: app.metrics,
      });
      if (outcome.kind === "imported") return { imported: outcome.imported };
      if (outcome.kind === "report") return outcome.report;
      const { errorTotal } = outcome.report;
      return reply.code(400).send({
        message: `The file has ${errorTotal.toLocaleString("en-US")} ${errorTotal === 1 ? "error" : "errors"}, so nothing was imported. Fix ${errorTotal === 1 ? "it" : "them"} and import again.`,
        code: "validation" as const,
        ...outcome.report,
      });
    }),
  );

  app.get(
    "/buyer-listings/imports/latest",
    {
      schema: {
        response: { 200: z.object({ import: listingImportStatusSchema.nullable() }), ...errorResponses },
      },
    },
    withViewer(async (_req, _reply, viewer) => ({ import: await latestImport(app.db, viewer.id) })),
  );

  app.get(
    "/buyer-listings/imports/:id",
    { schema: { params: idParams, response: { 200: listingImportStatusSchema, ...errorResponses } } },
    withViewer(async (req, _reply, viewer) => getImportStatus(app.db, viewer.id, req.params.id)),
  );

  app.get("/buyer-listings/export.csv", async (_req, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="buyer-listings-${day}.csv"`)
      .send(exportListingsCsv(app.db));
  });
}
