import { and, eq } from "drizzle-orm";
import {
  domainVerificationToken,
  PUBLISHER_MESSAGES,
  VERIFICATION_META_NAME,
  type VerifyDomainResult,
} from "../../../shared/schemas/publisher";
import type { Db } from "../../db/client";
import { auditLogs, publisherProfiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { consumeRateLimit } from "../../lib/rate-limit";
import {
  fetchSitePage,
  SITE_FETCH_LIMITS,
  SiteFetchError,
  type SiteFetchOptions,
} from "../../lib/site-fetch";
import { assertPublisherRole, type Viewer } from "../../lib/viewer";
import { assertMayHoldPublisherProfile, PUBLISHER_ACTIONS } from "./publisher-profile";
import { recomputeQualityScore } from "./quality-score";
import { findVerificationContents } from "./verification-tag";

// Domain verification, real rather than simulated: the server reads the publisher's homepage and looks for
// <meta name="ppc-site-verification" content="ppc-verify-{first 16 chars of the user id}">. With a
// profile, the profile's website is checked and the result stored on it; in the wizard (no profile yet)
// the website typed in step 1 is checked, and the audit entry written here lets the profile created
// with that website carry the verification (publisher-profile.ts).

/** At most 10 checks an hour per user (each one makes the server fetch a page). */
const VERIFY_DOMAIN_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

const capText = `${SITE_FETCH_LIMITS.maxBytes / (1024 * 1024)} MB`;

/** Why the page does not verify, or null when it does. */
function describeTagMismatch(
  contents: string[],
  expected: string,
  page: { url: string; truncated: boolean },
): string | null {
  if (contents.includes(expected)) return null;
  const where = page.truncated ? `in the first ${capText} of ${page.url}` : `on ${page.url}`;
  if (contents.length === 0) {
    return `No <meta name="${VERIFICATION_META_NAME}"> tag was found ${where}. Add the tag to your homepage's <head> and try again.`;
  }
  const shown = contents[0]!.length > 80 ? `${contents[0]!.slice(0, 80)}…` : contents[0]!;
  return `The ${VERIFICATION_META_NAME} tag ${where} has content "${shown}", but yours is "${expected}".`;
}

export async function verifyDomain({
  db,
  viewer,
  website,
  fetchOptions,
}: {
  db: Db;
  viewer: Viewer;
  /** The wizard's website; ignored once the viewer has a profile. */
  website: string | undefined;
  fetchOptions: SiteFetchOptions;
}): Promise<VerifyDomainResult> {
  assertMayHoldPublisherProfile(viewer);
  const [profile] = await db
    .select({ id: publisherProfiles.id, website: publisherProfiles.website })
    .from(publisherProfiles)
    .where(eq(publisherProfiles.userId, viewer.id));
  // Before a profile a guest verifies from the wizard; with one, only a publisher may.
  if (profile) assertPublisherRole(viewer);
  const target = profile ? profile.website : website;
  if (!target) throw new AppError("validation", PUBLISHER_MESSAGES.website);

  await consumeRateLimit({ db, key: `verify-domain:${viewer.id}`, ...VERIFY_DOMAIN_LIMIT });

  const expected = domainVerificationToken(viewer.id);
  let failure: string | null;
  let finalUrl = target;
  try {
    const page = await fetchSitePage(target, fetchOptions);
    finalUrl = page.url;
    failure = describeTagMismatch(findVerificationContents(page.body), expected, page);
  } catch (error) {
    if (!(error instanceof SiteFetchError)) throw error;
    failure = error.message;
  }
  if (failure) throw new AppError("unprocessable", failure);

  const verifiedAt = await db.transaction(async (tx) => {
    const now = new Date();
    if (profile) {
      // Only if the website is still the one we read: an edit meanwhile makes this check void.
      const updated = await tx
        .update(publisherProfiles)
        .set({ domainVerifiedAt: now })
        .where(and(eq(publisherProfiles.id, profile.id), eq(publisherProfiles.website, target)))
        .returning({ id: publisherProfiles.id });
      if (updated.length === 0) {
        throw new AppError("conflict", "Your website changed while we checked it. Please verify again.");
      }
      await recomputeQualityScore({ db: tx, profileId: profile.id });
    }
    await tx.insert(auditLogs).values({
      userId: viewer.id,
      action: PUBLISHER_ACTIONS.domainVerified,
      targetId: profile?.id ?? null,
      metaJson: { website: target, finalUrl, token: expected },
    });
    return now;
  });
  return { verified: true, verifiedAt: verifiedAt.toISOString(), website: target };
}
