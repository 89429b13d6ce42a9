import { z } from "zod";
import { adminPageFields } from "./admin";
import { plainText } from "./common";

// The audit log (/admin/audit). Entries are append-only in the database itself.

/** GET /api/admin/audit-logs: newest first; `from` inclusive, `to` exclusive. */
export const auditLogQuerySchema = z
  .object({
    action: plainText().trim().max(100, "is too long").optional(),
    userId: z.uuid("must be a user id").optional(),
    targetId: plainText().trim().max(100, "is too long").optional(),
    from: z.iso.datetime({ offset: true, message: "must be an ISO date and time" }).optional(),
    to: z.iso.datetime({ offset: true, message: "must be an ISO date and time" }).optional(),
    ...adminPageFields,
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), {
    message: "must be before to",
    path: ["from"],
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  /** Who acted; null for the system or a user since deleted. */
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** Which record the action was about. */
  targetId: z.string().nullable(),
  meta: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
