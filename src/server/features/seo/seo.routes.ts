import type { FastifyInstance } from "fastify";
import { buildSitemap, robotsTxt } from "./site-map";

// Files for crawlers at the site's root. Not under /api: the access guard neither records nor checks
// them (it reads /api routes only), and they read no session; `access: "public"` says so for readers.
export async function seoRoutes(app: FastifyInstance) {
  const { config } = app;
  const robots = robotsTxt(config.appUrl);

  app.get("/robots.txt", { config: { access: "public" } }, async (_req, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(robots),
  );

  app.get("/sitemap.xml", { config: { access: "public" } }, async (_req, reply) => {
    const xml = await buildSitemap({ db: app.db, appUrl: config.appUrl });
    return reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(xml);
  });
}
