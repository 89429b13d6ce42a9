import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { emailSchema } from "../../../shared/schemas/auth";
import { auditLogs, mailOutbox, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { startUserSession } from "../../plugins/session";
import { DEMO_ACCOUNTS } from "./demo-seed";

/** Development helpers (DESIGN.md §4). app.ts registers them only when APP_ENV=development. */
export async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/dev/accounts", { config: { access: "public" } }, async () => DEMO_ACCOUNTS);

  app.post(
    "/api/dev/login",
    { config: { access: "public" }, schema: { body: z.object({ email: emailSchema }) } },
    async (req) => {
      const rows = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, req.body.email.toLowerCase()));
      const user = rows[0];
      if (!user) throw new AppError("not_found", "No such user");
      await startUserSession(req, user.id);
      await app.db
        .insert(auditLogs)
        .values({ userId: user.id, action: "auth.login", metaJson: { method: "dev" } });
      return { ok: true };
    },
  );

  app.get("/api/dev/outbox", { config: { access: "public" } }, async () =>
    app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50),
  );
}
