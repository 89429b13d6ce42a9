import { sql } from "drizzle-orm";
import { z } from "zod";
import { PUBLISHER_STATUSES } from "../../../shared/constants";
import type { SameWebsiteApplication } from "../../../shared/schemas/admin-publishers";
import { websiteHost } from "../../../shared/schemas/publisher";
import { type Db, selectRows } from "../../db/client";
import { containsPattern } from "../../lib/paging";

// Two applications for one website: a second account applying for a site already approved or waiting,
// or one company applying twice. Neither is refused (a site can change hands), but the administrator
// deciding either of them is told. "The same website" is the same host as websiteHost reads it (letter
// case, a trailing dot and "www." aside), so the rule lives in one function: SQL only narrows the
// candidates with a contains match on the host, and the host of each candidate is compared here.

const candidateSchema = z.object({
  id: z.string(),
  website: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  status: z.enum(PUBLISHER_STATUSES),
  createdAt: z.coerce.date(),
});

/** For each application given, the other applications whose website has the same host, oldest first. */
export async function findSameWebsite(
  db: Db,
  applications: readonly { id: string; website: string | null }[],
): Promise<Map<string, SameWebsiteApplication[]>> {
  const found = new Map<string, SameWebsiteApplication[]>(applications.map((a) => [a.id, []]));
  const hosts = [...new Set(applications.map((a) => websiteHost(a.website)).filter((h) => h !== null))];
  if (hosts.length === 0) return found;
  const candidates = await selectRows(
    db,
    candidateSchema,
    sql`select p.id, p.website, u.email, u.first_name as "firstName", u.last_name as "lastName",
          u.company, p.status, p.created_at as "createdAt"
        from publisher_profiles p join users u on u.id = p.user_id
        where p.website ilike any(${sql.param(hosts.map(containsPattern))}::text[]) and u.deleted_at is null
        order by p.created_at asc, p.id asc`,
  );
  const byHost = new Map<string, typeof candidates>();
  for (const candidate of candidates) {
    const host = websiteHost(candidate.website);
    if (host === null) continue;
    byHost.set(host, [...(byHost.get(host) ?? []), candidate]);
  }
  for (const application of applications) {
    const host = websiteHost(application.website);
    const others = host === null ? [] : (byHost.get(host) ?? []).filter((c) => c.id !== application.id);
    found.set(
      application.id,
      others.map(({ website: _website, createdAt, ...other }) => ({
        ...other,
        createdAt: createdAt.toISOString(),
      })),
    );
  }
  return found;
}
