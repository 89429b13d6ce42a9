import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { eq, sql } from "drizzle-orm";
import type { DomainProofMethod } from "../../../shared/constants";
import {
  BUYER_VERIFICATION_MESSAGES,
  type BuyerVerificationState,
  type CheckBuyerDomainInput,
} from "../../../shared/schemas/buyer-verification";
import { VERIFICATION_META_NAME, websiteHost } from "../../../shared/schemas/publisher";
import type { Db } from "../../db/client";
import { buyerVerifications } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { consumeRateLimit } from "../../lib/rate-limit";
import {
  fetchSitePage,
  SITE_FETCH_LIMITS,
  SiteFetchError,
  type SiteFetchOptions,
} from "../../lib/site-fetch";
import type { Viewer } from "../../lib/viewer";
import { requireBuyerProfile } from "../buyers/buyer-profile";
import { findVerificationContents } from "../publishers/verification-tag";
import { domainProofValues, getVerificationState, lockWorkingAttempt } from "./verification-attempts";

// The domain proof: the buyer shows they control the website's domain, by a DNS TXT record at the domain
// ("ppc-verify=ppc-verify-…") or by the meta tag the publishers use on the homepage (content
// "ppc-verify-…"). Either one suffices. The homepage is read with the same SSRF-safe fetch as the
// publishers' check (private and loopback addresses refused); a TXT lookup connects to no host of theirs.

/** TXT records of a name, each as its chunks (node:dns's shape); tests stand a fake in for DNS. */
export type TxtResolver = (hostname: string) => Promise<string[][]>;

/**
 * DNS (the given servers, or the system's when none), with the same deadline as a page fetch (two tries
 * of half of it).
 */
export function systemTxtResolver(servers: readonly string[] = []): TxtResolver {
  const resolver = new Resolver({ timeout: SITE_FETCH_LIMITS.timeoutMs / 2, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return (hostname) => resolver.resolveTxt(hostname);
}

export interface DomainProofOptions {
  resolveTxt: TxtResolver;
  fetchOptions: SiteFetchOptions;
}

/** At most 10 checks an hour per buyer: each one makes the server ask DNS or fetch a page. */
const CHECK_DOMAIN_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

/** The domain a buyer typed ("acme.com", "https://www.acme.com/"), as a website's domain reads. */
function typedDomain(value: string): string | null {
  const text = value.trim();
  return websiteHost(text.includes("://") ? text : `https://${text}`);
}

/** DNS answers that mean "no such record here" (anything else is a failed lookup). */
const NO_RECORD_CODES = new Set(["ENODATA", "ENOTFOUND", "ENONAME"]);

/** Why the TXT records do not prove the domain (null: they do), and the evidence when they do. */
async function checkTxtRecord(
  domain: string,
  expected: string,
  resolveTxt: TxtResolver,
): Promise<{ failure: string | null; evidence: string }> {
  if (isIP(domain)) {
    return {
      failure: `${domain} is an IP address, which has no DNS records: use the meta tag on your homepage instead.`,
      evidence: "",
    };
  }
  let records: string[];
  try {
    records = (await resolveTxt(domain)).map((chunks) => chunks.join(""));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== "string") throw error;
    if (!NO_RECORD_CODES.has(code)) {
      // DNS itself failed (our resolver, or theirs): nothing is known about the record yet.
      return {
        failure: `We could not look up the DNS records of ${domain} (${code}). Try again in a few minutes.`,
        evidence: "",
      };
    }
    records = [];
  }
  if (records.some((record) => record.trim() === expected)) return { failure: null, evidence: expected };
  const ours = records.filter((record) =>
    record.trim().startsWith(expected.slice(0, expected.indexOf("=") + 1)),
  );
  if (ours.length > 0) {
    return {
      failure: `The TXT record at ${domain} reads "${ours[0]!.slice(0, 80)}", but yours is "${expected}".`,
      evidence: "",
    };
  }
  return {
    failure: `We found no TXT record "${expected}" at ${domain}. Add it at your DNS provider and try again (a new record can take a while to show).`,
    evidence: "",
  };
}

/** Why the homepage does not carry the tag (null: it does), and the page address that carries it. */
async function checkMetaTag(
  website: string,
  expected: string,
  fetchOptions: SiteFetchOptions,
): Promise<{ failure: string | null; evidence: string }> {
  try {
    const page = await fetchSitePage(website, fetchOptions);
    const contents = findVerificationContents(page.body);
    if (contents.includes(expected)) return { failure: null, evidence: page.url };
    if (contents.length === 0) {
      return {
        failure: `No <meta name="${VERIFICATION_META_NAME}"> tag was found on ${page.url}. Add the tag to your homepage's <head> and try again.`,
        evidence: "",
      };
    }
    const shown = contents[0]!.length > 80 ? `${contents[0]!.slice(0, 80)}…` : contents[0]!;
    return {
      failure: `The ${VERIFICATION_META_NAME} tag on ${page.url} has content "${shown}", but yours is "${expected}".`,
      evidence: "",
    };
  } catch (error) {
    if (!(error instanceof SiteFetchError)) throw error;
    return { failure: error.message, evidence: "" };
  }
}

/**
 * POST /api/buyer-verification/domain: checks the proof by the chosen method and, when it holds, records
 * the method, what was found (the TXT value, or the page that carried the tag) and when. A refusal is a
 * 400 that says what was found instead, and changes nothing.
 */
export async function proveBuyerDomain({
  db,
  viewer,
  input,
  options,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  input: CheckBuyerDomainInput;
  options: DomainProofOptions;
  now?: Date;
}): Promise<BuyerVerificationState> {
  const profile = await requireBuyerProfile(db, viewer);
  const domain = websiteHost(profile.website);
  if (!profile.website || !domain)
    throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.websiteRequired);
  if (input.domain !== undefined && typedDomain(input.domain) !== domain) {
    throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.notYourWebsite);
  }
  // The attempt's own checks (started, not sent yet, same website) before any lookup is spent.
  await db.transaction((tx) => lockWorkingAttempt(tx, viewer));
  await consumeRateLimit({ db, key: `buyer-verify-domain:${viewer.id}`, ...CHECK_DOMAIN_LIMIT });

  const { txtRecord, metaTag } = domainProofValues(viewer.id);
  const method: DomainProofMethod = input.method;
  const { failure, evidence } =
    method === "dns"
      ? await checkTxtRecord(domain, txtRecord, options.resolveTxt)
      : await checkMetaTag(profile.website, metaTag, options.fetchOptions);
  if (failure) throw new AppError("validation", failure);

  await db.transaction(async (tx) => {
    // Locked again: the website may have changed, or the attempt been sent, while we looked.
    const { attempt } = await lockWorkingAttempt(tx, viewer);
    if (attempt.domain !== domain)
      throw new AppError("validation", BUYER_VERIFICATION_MESSAGES.websiteChanged);
    await tx
      .update(buyerVerifications)
      .set({ domainMethod: method, domainEvidence: evidence, domainVerifiedAt: now, updatedAt: sql`now()` })
      .where(eq(buyerVerifications.id, attempt.id));
  });
  return getVerificationState({ db, viewer, now });
}
