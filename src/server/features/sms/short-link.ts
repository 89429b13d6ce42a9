import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listingPagePath } from "../../../shared/routes";

// The short links of SMS alerts: /l/<code>, where the code is the listing id's 16 bytes in base64url
// (22 characters) instead of its 36-character text, so a text keeps its characters for the title. No
// table behind it: the code is the id, and the redirect sends the reader to the listing's page, which
// says itself whether the listing can be seen.

const CODE = /^[A-Za-z0-9_-]{22}$/;

/** The code of a listing id (a uuid). */
export function listingShortCode(listingId: string): string {
  return Buffer.from(listingId.replace(/-/g, ""), "hex").toString("base64url");
}

/** The listing id a code stands for, or null for anything that is not one (22 characters, canonical). */
export function listingIdFromShortCode(code: string): string | null {
  if (!CODE.test(code)) return null;
  const bytes = Buffer.from(code, "base64url");
  // The last character carries 2 spare bits: only the one spelling of each id is accepted.
  if (bytes.length !== 16 || bytes.toString("base64url") !== code) return null;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The short link of a listing: `${appUrl}/l/<code>`. */
export const listingShortLink = (appUrl: string, listingId: string) =>
  `${appUrl.replace(/\/+$/, "")}/l/${listingShortCode(listingId)}`;

export async function shortLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/l/:code",
    {
      // Opened from a text, signed in or not; not under /api, so the access guard does not record it.
      config: { access: "public" as const },
      schema: { params: z.object({ code: z.string() }) },
    },
    async (request, reply) => {
      const listingId = listingIdFromShortCode(request.params.code);
      // Not a code: the site's own not-found page, as for any other unknown path.
      if (!listingId) return reply.callNotFound();
      return reply.redirect(listingPagePath(listingId), 302);
    },
  );
}
