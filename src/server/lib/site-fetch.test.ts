import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { systemTxtResolver } from "../features/buyer-verification/domain-proof";
import { type LoopbackDns, startLoopbackDns } from "../test/loopback-dns";
import { type LoopbackSite, startLoopbackSite } from "../test/loopback-site";
import { domainCheckFetchOptions, fetchSitePage, SITE_FETCH_LIMITS, SiteFetchError } from "./site-fetch";

// The guarded fetch against a real HTTP server on 127.0.0.1. `allowedAddresses: ["127.0.0.1"]` stands
// the loopback server in for a public website while every other private address stays refused.

describe("guarded site fetch", () => {
  let site: LoopbackSite;
  beforeAll(async () => {
    site = await startLoopbackSite();
  });
  beforeEach(() => site.clear());
  afterAll(() => site.close());

  const asPublic = { allowPrivate: false, allowedAddresses: ["127.0.0.1"] };

  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SiteFetchError);
    return (error as Error).message;
  };

  it("keeps the documented limits: 5 seconds, 1 MB, 3 redirects", () => {
    expect(SITE_FETCH_LIMITS).toEqual({ timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 });
  });

  it("connects to the address it resolved and vetted, keeping the site's name in the Host header", async () => {
    site.setPage("/", "<p>home</p>");
    const page = await fetchSitePage(`http://rebind.test:${site.port}/`, {
      allowPrivate: true,
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(page).toMatchObject({ status: 200, body: "<p>home</p>", truncated: false });
    expect(site.requests).toEqual([{ path: "/", host: `rebind.test:${site.port}` }]);
  });

  it("refuses a loopback address without the flag, whether typed or resolved from a name", async () => {
    site.setPage("/", "<p>home</p>");
    expect(await failure(fetchSitePage(`${site.origin}/`, { allowPrivate: false }))).toContain(
      "127.0.0.1, a loopback address",
    );
    expect(
      await failure(
        fetchSitePage(`http://intranet.test:${site.port}/`, {
          allowPrivate: false,
          // One public and one private answer: every address must pass, not just the first.
          resolve: async () => [
            { address: "93.184.216.34", family: 4 },
            { address: "10.0.0.7", family: 4 },
          ],
        }),
      ),
    ).toContain("10.0.0.7, a private address");
    expect(site.requests).toEqual([]);
  });

  it("refuses a redirect to a private address without the flag", async () => {
    site.setPage("/metadata", (_req, res) =>
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
    );
    site.setPage("/ipv6-loopback", (_req, res) =>
      res.writeHead(301, { location: `http://[::1]:${site.port}/` }).end(),
    );
    site.setPage("/mapped", (_req, res) =>
      res.writeHead(307, { location: `http://[::ffff:10.0.0.1]:${site.port}/` }).end(),
    );
    expect(await failure(fetchSitePage(`${site.origin}/metadata`, asPublic))).toContain(
      "169.254.169.254, a cloud metadata address",
    );
    expect(await failure(fetchSitePage(`${site.origin}/ipv6-loopback`, asPublic))).toContain(
      "::1, a loopback address",
    );
    expect(await failure(fetchSitePage(`${site.origin}/mapped`, asPublic))).toContain("a private address");
  });

  it("follows up to 3 redirects, each re-checked, and refuses a fourth", async () => {
    site.setPage("/r1", (_req, res) => res.writeHead(301, { location: "/r2" }).end());
    site.setPage("/r2", (_req, res) => res.writeHead(302, { location: `${site.origin}/r3` }).end());
    site.setPage("/r3", (_req, res) => res.writeHead(308, { location: "/home" }).end());
    site.setPage("/r0", (_req, res) => res.writeHead(303, { location: "/r1" }).end());
    site.setPage("/home", "<p>arrived</p>");
    const page = await fetchSitePage(`${site.origin}/r1`, asPublic);
    expect(page).toMatchObject({ url: `${site.origin}/home`, body: "<p>arrived</p>" });
    expect(await failure(fetchSitePage(`${site.origin}/r0`, asPublic))).toContain(
      "redirected more than 3 times",
    );
  });

  it("gives up when the site does not answer in time", async () => {
    site.setPage("/slow", () => {
      // never answers
    });
    // No clock is asserted (a busy machine stretches any bound): without the timeout this never settles
    // and the test runs into vitest's own limit.
    expect(await failure(fetchSitePage(`${site.origin}/slow`, { allowPrivate: true, timeoutMs: 300 }))).toBe(
      `${site.origin} did not answer within 0.3 seconds.`,
    );
  });

  it("stops reading at the byte cap, even from an endless page", async () => {
    site.setPage("/endless", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = "x".repeat(16 * 1024);
      const write = () => {
        while (!res.destroyed && res.write(chunk)) {
          // keep writing until the socket pushes back
        }
        if (!res.destroyed) res.once("drain", write);
      };
      write();
    });
    const page = await fetchSitePage(`${site.origin}/endless`, { allowPrivate: true, maxBytes: 100_000 });
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(100_000);
  });

  it("reports the HTTP status of an error page, and refuses other schemes", async () => {
    expect(await failure(fetchSitePage(`${site.origin}/missing`, { allowPrivate: true }))).toBe(
      `${site.origin}/missing answered HTTP 404 Not Found, not the page.`,
    );
    expect(await failure(fetchSitePage("ftp://example.com/", { allowPrivate: true }))).toContain(
      "only fetch http and https",
    );
    expect(await failure(fetchSitePage("http://127.0.0.1:1/", { allowPrivate: true }))).toContain(
      "could not connect",
    );
  });
});

describe("domain checks asking DNS servers of their own (VERIFY_DNS_SERVERS)", () => {
  let site: LoopbackSite;
  let dns: LoopbackDns;
  beforeAll(async () => {
    [site, dns] = await Promise.all([startLoopbackSite(), startLoopbackDns()]);
    dns.setRecords("acme-calls.test", { a: ["127.0.0.1"], txt: ["ppc-verify=abc", "v=spf1 -all"] });
  });
  afterAll(() => Promise.all([site.close(), dns.close()]));

  const options = (servers: string[]) =>
    domainCheckFetchOptions({ verifyAllowPrivate: false, verifyDnsServers: servers });

  it("uses the system's lookup when none is named", () => {
    expect(options([]).resolve).toBeUndefined();
  });

  it("resolves a name through the named server, and still vets the address it answers", async () => {
    site.setPage("/", "<p>acme</p>");
    const url = `http://acme-calls.test:${site.port}/`;
    // The server's answer is a loopback address: refused like any other without the flag.
    const refused = await fetchSitePage(url, options([dns.server])).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(SiteFetchError);
    expect((refused as Error).message).toContain("resolves to 127.0.0.1");
    const page = await fetchSitePage(url, { ...options([dns.server]), allowedAddresses: ["127.0.0.1"] });
    expect(page.body).toContain("acme");
    expect(site.requests.at(-1)?.host).toBe(`acme-calls.test:${site.port}`);
  });

  it("answers a name the server does not know as not found", async () => {
    const error = await fetchSitePage("http://nowhere.test/", options([dns.server])).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe("We could not find nowhere.test: it has no address.");
  });

  it("reads TXT records from the same server", async () => {
    const records = await systemTxtResolver([dns.server])("acme-calls.test");
    expect(records.map((chunks) => chunks.join(""))).toEqual(["ppc-verify=abc", "v=spf1 -all"]);
  });
});
