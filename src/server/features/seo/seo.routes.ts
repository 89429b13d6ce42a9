import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { varyByEncoding } from "../../lib/etag";
import { buildSitemaps, robotsTxt, SITEMAP_INDEX_PATH } from "./site-map";
import { createSitemapCache } from "./site-map-cache";

// Files for crawlers at the site's root. Not under /api: the access guard neither records nor checks
// them (it reads /api routes only), and they read no session; `access: "public"` says so for readers.
export async function seoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const robots = robotsTxt(config.appUrl);
  const sitemaps = createSitemapCache({
    build: () => buildSitemaps({ db: app.db, appUrl: config.appUrl }),
    now: app.now,
  });

  app.get("/robots.txt", { config: { access: "public" } }, async (_req, reply) => {
    varyByEncoding(reply);
    return reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(robots);
  });

  app.get(SITEMAP_INDEX_PATH, { config: { access: "public" } }, async (_req, reply) =>
    sendXml(reply, (await sitemaps.read()).index),
  );

  app.get(
    "/sitemaps/:file",
    { config: { access: "public" }, schema: { params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const xml = (await sitemaps.read()).files.get(request.params.file);
      // A file past the end (the directory shrank since a crawler read the index): as any unknown file.
      if (xml === undefined) return reply.callNotFound();
      return sendXml(reply, xml);
    },
  );
}

/**
 * Sent compressed to a client that accepts it: the plain answer names Accept-Encoding in Vary too (the
 * compression plugin adds it only when it compresses), or a shared cache would hand it to every client.
 */
function sendXml(reply: FastifyReply, xml: string) {
  varyByEncoding(reply);
  return reply
    .type("application/xml; charset=utf-8")
    .header("Cache-Control", "public, max-age=3600")
    .send(xml);
}
