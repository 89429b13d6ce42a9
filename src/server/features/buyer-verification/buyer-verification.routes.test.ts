import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import { BUYER_VERIFICATION_MESSAGES as M } from "../../../shared/schemas/buyer-verification";
import { domainVerificationTag, domainVerificationToken } from "../../../shared/schemas/publisher";
import { buyerProfiles, buyerVerifications, mailOutbox, mails } from "../../db/schema";
import { type TestContext, useTestApp } from "../../test/context";
import {
  createBuyer,
  createPublisher,
  createSignedInUser,
  sendQueuedMail,
  signIn,
} from "../../test/factories";
import { type LoopbackSite, pageWithHead, startLoopbackSite } from "../../test/loopback-site";
import type { TxtResolver } from "./domain-proof";

const WEBSITE = "https://www.acme-calls.example/";
const DOMAIN = "acme-calls.example";

/** DNS as the tests set it: a table of TXT records; any other name does not exist. */
function fakeDns() {
  const records = new Map<string, string[][]>();
  const resolveTxt: TxtResolver = async (hostname) => {
    const found = records.get(hostname);
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found;
  };
  return { records, resolveTxt };
}

/** A clock the tests move forward (the app reads it for every expiry); reset before each test. */
function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
    reset: () => {
      offsetMs = 0;
    },
  };
}

function helpers(ctx: TestContext, dns: ReturnType<typeof fakeDns>) {
  const db = () => ctx.database.db;
  const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  /** A signed-in buyer whose profile names `website`. */
  const signedInBuyer = async (website: string | null = WEBSITE) => {
    const { user, profile } = await createBuyer(db(), { website });
    return { user, profile, cookie: await signIn(ctx, user.email) };
  };
  const publishTxt = (userId: string, domain = DOMAIN) =>
    dns.records.set(domain, [["v=spf1 -all"], ["ppc-verify=", domainVerificationToken(userId)]]);
  const attemptsOf = (buyerId: string) =>
    db().select().from(buyerVerifications).where(eq(buyerVerifications.buyerId, buyerId));
  /** The code of the newest verification mail to `to`. */
  const mailedCode = async (to: string) => {
    await sendQueuedMail(ctx);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const code = mail?.text.match(/: (\d{6})\n/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  };
  /** A buyer with the domain proved by TXT record and a code mailed to ops@ the domain. */
  const buyerWithCode = async () => {
    const buyer = await signedInBuyer();
    await call("POST", "/api/buyer-verification", buyer.cookie);
    publishTxt(buyer.user.id);
    expect(
      (await call("POST", "/api/buyer-verification/domain", buyer.cookie, { method: "dns" })).statusCode,
    ).toBe(200);
    const email = `ops@${DOMAIN}`;
    const sent = await call("POST", "/api/buyer-verification/email", buyer.cookie, { email });
    expect(sent.statusCode, sent.body).toBe(200);
    return { ...buyer, email, code: await mailedCode(email) };
  };
  return { db, call, signedInBuyer, publishTxt, attemptsOf, mailedCode, buyerWithCode };
}

describe("buyer verification: the buyer's steps", () => {
  const dns = fakeDns();
  const clock = movableClock();
  let site: LoopbackSite;
  beforeAll(async () => {
    site = await startLoopbackSite();
  });
  afterAll(() => site?.close());
  const ctx = useTestApp({ env: { VERIFY_ALLOW_PRIVATE: "1" }, resolveTxt: dns.resolveTxt, now: clock.now });
  beforeEach(() => {
    dns.records.clear();
    site.clear();
    clock.reset();
  });
  const { db, call, signedInBuyer, publishTxt, attemptsOf, mailedCode, buyerWithCode } = helpers(ctx, dns);

  it("walks a buyer from the TXT record and the mailed code to review, storing only the code's hash", async () => {
    const { user, profile, cookie } = await signedInBuyer();
    const before = await call("GET", "/api/buyer-verification", cookie);
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toBe("private, no-store");
    const token = domainVerificationToken(user.id);
    expect(before.json()).toEqual({
      website: WEBSITE,
      domain: DOMAIN,
      txtRecord: `ppc-verify=${token}`,
      metaTag: token,
      badge: null,
      isRenewalDue: false,
      current: null,
    });

    const started = await call("POST", "/api/buyer-verification", cookie);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().current).toMatchObject({
      status: "in_progress",
      domain: DOMAIN,
      domainVerifiedAt: null,
    });
    // Starting again keeps the attempt in progress.
    const again = await call("POST", "/api/buyer-verification", cookie);
    expect(again.json().current.id).toBe(started.json().current.id);

    publishTxt(user.id);
    const proved = await call("POST", "/api/buyer-verification/domain", cookie, {
      method: "dns",
      domain: DOMAIN,
    });
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json().current).toMatchObject({
      domainMethod: "dns",
      domainEvidence: `ppc-verify=${token}`,
    });
    expect(proved.json().current.domainVerifiedAt).not.toBeNull();

    const email = `Ops@Calls.${DOMAIN}`;
    const sent = await call("POST", "/api/buyer-verification/email", cookie, { email });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().current).toMatchObject({
      workEmail: email.toLowerCase(),
      emailVerifiedAt: null,
      codeAttemptsLeft: BUYER_VERIFICATION.codeAttempts,
    });
    expect(sent.json().current.codeExpiresAt).not.toBeNull();
    const code = await mailedCode(email.toLowerCase());
    const [row] = await attemptsOf(profile.id);
    expect(row!.emailCodeHash).toBe(createHash("sha256").update(code).digest("hex"));
    expect(JSON.stringify(sent.json())).not.toContain(code);
    const [queued] = await db().select().from(mails).where(eq(mails.to, email.toLowerCase()));
    expect(queued?.kind).toBe("buyer-verification");

    const confirmed = await call("POST", "/api/buyer-verification/email/confirm", cookie, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().current.emailVerifiedAt).not.toBeNull();
    expect(confirmed.json().current.codeExpiresAt).toBeNull();

    const submitted = await call("POST", "/api/buyer-verification/submit", cookie);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().current).toMatchObject({ status: "submitted" });
    expect(submitted.json().badge).toBeNull();
    const again2 = await call("POST", "/api/buyer-verification/submit", cookie);
    expect(again2.statusCode).toBe(400);
    expect(again2.json().message).toBe(M.alreadySubmitted);
    // Sent for review is not verified: nothing on the profile.
    const [stored] = await db().select().from(buyerProfiles).where(eq(buyerProfiles.id, profile.id));
    expect(stored).toMatchObject({ verifiedSince: null, verifiedUntil: null });
  });

  it("proves the domain with the homepage meta tag, recording the page that carried it", async () => {
    const { user, profile, cookie } = await signedInBuyer(`${site.origin}/home`);
    await call("POST", "/api/buyer-verification", cookie);
    site.setPage(
      "/home",
      pageWithHead('<meta name="ppc-site-verification" content="ppc-verify-someone-else">'),
    );
    const wrong = await call("POST", "/api/buyer-verification/domain", cookie, { method: "meta" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('has content "ppc-verify-someone-else", but yours is');
    site.setPage("/home", pageWithHead("<title>no tag</title>"));
    const missing = await call("POST", "/api/buyer-verification/domain", cookie, { method: "meta" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^No <meta name="ppc-site-verification"> tag was found/);
    expect((await attemptsOf(profile.id))[0]!.domainVerifiedAt).toBeNull();

    site.setPage("/home", pageWithHead(domainVerificationTag(user.id)));
    const proved = await call("POST", "/api/buyer-verification/domain", cookie, { method: "meta" });
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json().current).toMatchObject({
      domainMethod: "meta",
      domainEvidence: `${site.origin}/home`,
    });
  });

  it("refuses without a website, for a domain that is not the website's, and a TXT record that does not match", async () => {
    const bare = await signedInBuyer(null);
    const noSite = await call("POST", "/api/buyer-verification", bare.cookie);
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json()).toEqual({ message: M.websiteRequired, code: "validation" });
    expect(await attemptsOf(bare.profile.id)).toEqual([]);

    const { user, profile, cookie } = await signedInBuyer();
    const early = await call("POST", "/api/buyer-verification/domain", cookie, { method: "dns" });
    expect(early.json().message).toBe(M.startFirst);
    await call("POST", "/api/buyer-verification", cookie);
    const other = await call("POST", "/api/buyer-verification/domain", cookie, {
      method: "dns",
      domain: "other-calls.example",
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(M.notYourWebsite);

    dns.records.set(DOMAIN, [["ppc-verify=ppc-verify-0000000000000000"]]);
    const mismatch = await call("POST", "/api/buyer-verification/domain", cookie, { method: "dns" });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain(
      `but yours is "ppc-verify=${domainVerificationToken(user.id)}"`,
    );
    dns.records.clear();
    const none = await call("POST", "/api/buyer-verification/domain", cookie, { method: "dns" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^We found no TXT record/);
    // A record at another name (the www. host) proves nothing about the domain.
    publishTxt(user.id, `www.${DOMAIN}`);
    expect((await call("POST", "/api/buyer-verification/domain", cookie, { method: "dns" })).statusCode).toBe(
      400,
    );
    expect((await attemptsOf(profile.id))[0]).toMatchObject({ domainMethod: null, domainVerifiedAt: null });

    // The website's own domain, written as a website address or with "www.", is the website's.
    publishTxt(user.id);
    const ok = await call("POST", "/api/buyer-verification/domain", cookie, {
      method: "dns",
      domain: `https://WWW.${DOMAIN}/`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("mails the code only to a work address at the proved domain, never a free mail one", async () => {
    const { user, profile, cookie } = await signedInBuyer();
    await call("POST", "/api/buyer-verification", cookie);
    const first = await call("POST", "/api/buyer-verification/email", cookie, { email: `ops@${DOMAIN}` });
    expect(first.json().message).toBe(M.domainFirst);
    publishTxt(user.id);
    await call("POST", "/api/buyer-verification/domain", cookie, { method: "dns" });
    for (const [email, message] of [
      ["acme.calls@gmail.com", M.freeMail],
      ["ops@yahoo.co.uk", M.freeMail],
      ["ops@other-calls.example", M.emailDomain],
      [`ops@not${DOMAIN}`, M.emailDomain],
    ] as const) {
      const res = await call("POST", "/api/buyer-verification/email", cookie, { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message, email).toBe(message);
    }
    const invalid = await call("POST", "/api/buyer-verification/email", cookie, { email: "not an address" });
    expect(invalid.statusCode).toBe(400);
    expect((await attemptsOf(profile.id))[0]).toMatchObject({ workEmail: null, emailCodeHash: null });
    expect(await db().select().from(mails)).toHaveLength(1); // the sign-in link only
  });

  it("counts wrong codes, voids the code at the fifth and refuses an expired one", async () => {
    const { cookie, code, profile } = await buyerWithCode();
    const wrongCode = code === "000000" ? "111111" : "000000";
    const confirm = (c: string) => call("POST", "/api/buyer-verification/email/confirm", cookie, { code: c });
    for (let left = BUYER_VERIFICATION.codeAttempts - 1; left >= 1; left--) {
      const res = await confirm(wrongCode);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${M.codeWrong}: ${left === 1 ? "1 try" : `${left} tries`} left.`);
    }
    const state = (await call("GET", "/api/buyer-verification", cookie)).json();
    expect(state.current.codeAttemptsLeft).toBe(1);
    const fifth = await confirm(wrongCode);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe(M.codeExhausted);
    // The right code no longer works: it was voided.
    const late = await confirm(code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(M.codeFirst);
    expect((await attemptsOf(profile.id))[0]).toMatchObject({ emailVerifiedAt: null, emailCodeHash: null });

    // A new code starts a new count; past its time it is refused even when right.
    const email = `ops@${DOMAIN}`;
    await call("POST", "/api/buyer-verification/email", cookie, { email });
    const fresh = await mailedCode(email);
    clock.advance((BUYER_VERIFICATION.codeTtlMinutes + 1) * 60_000);
    const expired = await confirm(fresh);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(M.codeExpired);
    expect((await attemptsOf(profile.id))[0]!.emailVerifiedAt).toBeNull();
  });

  it("refuses to send for review before both proofs", async () => {
    const { user, cookie } = await signedInBuyer();
    const unstarted = await call("POST", "/api/buyer-verification/submit", cookie);
    expect(unstarted.statusCode).toBe(400);
    expect(unstarted.json().message).toBe(M.startFirst);
    await call("POST", "/api/buyer-verification", cookie);
    expect((await call("POST", "/api/buyer-verification/submit", cookie)).json().message).toBe(M.notReady);
    publishTxt(user.id);
    await call("POST", "/api/buyer-verification/domain", cookie, { method: "dns" });
    const halfway = await call("POST", "/api/buyer-verification/submit", cookie);
    expect(halfway.statusCode).toBe(400);
    expect(halfway.json().message).toBe(M.notReady);
  });

  it("voids an attempt in progress once the website changed, and starts one for the new domain", async () => {
    const { user, profile, cookie } = await signedInBuyer();
    const first = (await call("POST", "/api/buyer-verification", cookie)).json().current;
    publishTxt(user.id);
    await call("POST", "/api/buyer-verification/domain", cookie, { method: "dns" });
    await db()
      .update(buyerProfiles)
      .set({ website: "https://new-calls.example" })
      .where(eq(buyerProfiles.id, profile.id));
    const stale = await call("POST", "/api/buyer-verification/email", cookie, { email: `ops@${DOMAIN}` });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(M.websiteChanged);
    const restarted = await call("POST", "/api/buyer-verification", cookie);
    expect(restarted.json().current).toMatchObject({ domain: "new-calls.example", domainVerifiedAt: null });
    expect(restarted.json().current.id).not.toBe(first.id);
    expect(await attemptsOf(profile.id)).toHaveLength(1);
  });

  it("keeps each buyer to their own attempt: another buyer's code, proofs and state are out of reach", async () => {
    const owner = await buyerWithCode();
    const other = await signedInBuyer("https://other-calls.example");
    const state = (await call("GET", "/api/buyer-verification", other.cookie)).json();
    expect(state.current).toBeNull();
    const res = await call("POST", "/api/buyer-verification/email/confirm", other.cookie, {
      code: owner.code,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.startFirst);
    publishTxt(owner.user.id, "other-calls.example");
    await call("POST", "/api/buyer-verification", other.cookie);
    // The owner's token proves nothing for another buyer: each buyer's token is their own.
    expect(
      (await call("POST", "/api/buyer-verification/domain", other.cookie, { method: "dns" })).statusCode,
    ).toBe(400);
    expect((await attemptsOf(owner.profile.id))[0]).toMatchObject({
      emailCodeAttempts: 0,
      emailVerifiedAt: null,
    });
  });

  it("refuses signed-out callers, guests, publishers and a foreign Origin", async () => {
    const routes = [
      ["GET", "/api/buyer-verification"],
      ["POST", "/api/buyer-verification"],
      ["POST", "/api/buyer-verification/domain"],
      ["POST", "/api/buyer-verification/email"],
      ["POST", "/api/buyer-verification/email/confirm"],
      ["POST", "/api/buyer-verification/submit"],
    ] as const;
    const bodies: Record<string, object> = {
      "/api/buyer-verification/domain": { method: "dns" },
      "/api/buyer-verification/email": { email: `ops@${DOMAIN}` },
      "/api/buyer-verification/email/confirm": { code: "123456" },
    };
    const guest = await createSignedInUser(ctx, { role: "guest" });
    const publisher = await createPublisher(db());
    const publisherCookie = await signIn(ctx, publisher.user.email);
    for (const [method, url] of routes) {
      const payload = method === "POST" ? (bodies[url] ?? {}) : undefined;
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const cookie of [guest.cookie, publisherCookie]) {
        const res = await call(method, url, cookie, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe("Create your buyer profile first.");
      }
    }
    const { cookie } = await signedInBuyer();
    const foreign = await ctx.app.inject({
      method: "POST",
      url: "/api/buyer-verification",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call("GET", "/api/buyer-verification", cookie)).json().current).toBeNull();
  });
});

describe("buyer verification without VERIFY_ALLOW_PRIVATE", () => {
  const dns = fakeDns();
  let site: LoopbackSite;
  beforeAll(async () => {
    site = await startLoopbackSite();
  });
  afterAll(() => site?.close());
  const ctx = useTestApp({ resolveTxt: dns.resolveTxt });
  const { call, signedInBuyer, attemptsOf } = helpers(ctx, dns);

  it("refuses to read a homepage at a loopback or private address, and a TXT proof of an IP address", async () => {
    for (const website of [`${site.origin}/`, `http://localhost:${site.port}/`, "http://10.1.2.3/"]) {
      const { user, profile, cookie } = await signedInBuyer(website);
      site.setPage("/", pageWithHead(domainVerificationTag(user.id)));
      await call("POST", "/api/buyer-verification", cookie);
      const meta = await call("POST", "/api/buyer-verification/domain", cookie, { method: "meta" });
      expect(meta.statusCode, website).toBe(400);
      expect(meta.json().message).toMatch(/a (loopback|private) address/);
      if (!website.includes("localhost")) {
        const txt = await call("POST", "/api/buyer-verification/domain", cookie, { method: "dns" });
        expect(txt.statusCode).toBe(400);
        expect(txt.json().message).toMatch(/is an IP address, which has no DNS records/);
      }
      expect((await attemptsOf(profile.id))[0]!.domainVerifiedAt).toBeNull();
    }
    expect(site.requests).toEqual([]);
  });
});
