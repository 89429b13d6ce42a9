import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buyerListings } from "../db/schema";
import { useTestApp } from "../test/context";
import { createBuyer, createListing, createSignedInUser } from "../test/factories";
import { COMPRESSION_THRESHOLD, registerCompression, sharedBodiesKept } from "./compression";

// A built client of our own, as vite writes it: a hashed script with its .br and .gz copies, and the
// page shell with its copies (vite.config.ts). The app serves it instead of dist/client.
const clientDir = mkdtempSync(join(tmpdir(), "ppc-client-"));
const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(",")}];\n`;
const shell = `<!doctype html><html lang="en"><head><title>Shell</title></head><body>${"<div></div>".repeat(150)}</body></html>`;
mkdirSync(join(clientDir, "assets"));
for (const [name, text] of [
  ["assets/index-Ab12Cd34.js", script],
  ["index.html", shell],
] as const) {
  writeFileSync(join(clientDir, name), text);
  writeFileSync(join(clientDir, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(clientDir, `${name}.gz`), gzipSync(text));
}
// What the build records beside the files (scripts/build-client.ts): not the public's.
writeFileSync(join(clientDir, ".build-inputs"), "0123abcd");
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === "br") return brotliDecompressSync(body).toString();
  if (encoding === "gzip") return gunzipSync(body).toString();
  return body.toString();
}

describe("compression", () => {
  const ctx = useTestApp({ clientDir });
  const db = () => ctx.database.db;

  /** Enough listings for the directory's answer to pass the threshold. */
  async function seedDirectory() {
    const buyer = await createBuyer(db());
    for (let i = 0; i < 6; i++) {
      await createListing(db(), buyer.profile.id, { title: `Final Expense Inbound Calls ${i}` });
    }
  }

  it("compresses a JSON answer over 1 KB with brotli or gzip, as the client asks, to the same JSON", async () => {
    await seedDirectory();
    const plain = await ctx.app.inject({ url: "/api/buyer-listings" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, deflate, br", "br"],
      ["br;q=0.5, gzip", "gzip"],
    ]) {
      const res = await ctx.app.inject({
        url: "/api/buyer-listings",
        headers: { "accept-encoding": accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers["content-type"], accept).toMatch(/^application\/json/);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(encoding, res.rawPayload)), accept).toEqual(plain.json());
    }
  });

  it("compresses a visitor's answer once per tag and encoding, never keeps a signed-in one, and follows a change", async () => {
    await seedDirectory();
    const url = "/api/buyer-listings";
    const kept = sharedBodiesKept();
    const first = await ctx.app.inject({ url, headers: { "accept-encoding": "br" } });
    const again = await ctx.app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers["content-length"]).toBe(String(first.rawPayload.length));
    expect(sharedBodiesKept()).toBe(kept + 1);
    const gzip = await ctx.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(sharedBodiesKept()).toBe(kept + 2);
    const refused = await ctx.app.inject({
      url,
      headers: { "accept-encoding": "br", "x-no-compression": "1" },
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();

    // A signed-in answer (it may carry contacts) is compressed for that request only.
    const { cookie } = await createSignedInUser(ctx);
    const signedIn = await ctx.app.inject({ url, headers: { cookie, "accept-encoding": "br" } });
    expect(signedIn.headers["content-encoding"]).toBe("br");
    expect(signedIn.headers.etag).toBeUndefined();
    expect(sharedBodiesKept()).toBe(kept + 2);

    // A changed directory is a new body, a new tag, a new copy: never the old one.
    const [listing] = (await ctx.app.inject({ url })).json();
    await db()
      .update(buyerListings)
      .set({ title: "Renamed Inbound Calls" })
      .where(eq(buyerListings.id, listing.id));
    const changed = await ctx.app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(decode("br", changed.rawPayload)).toContain("Renamed Inbound Calls");
    expect(sharedBodiesKept()).toBe(kept + 3);
  });

  it("sends an answer below 1 KB, or to a client that accepts neither encoding, as it is", async () => {
    const small = await ctx.app.inject({ url: "/api/health", headers: { "accept-encoding": "br, gzip" } });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toBeTruthy();

    await seedDirectory();
    for (const headers of [{}, { "accept-encoding": "identity" }, { "accept-encoding": "deflate" }]) {
      const res = await ctx.app.inject({ url: "/api/buyer-listings", headers });
      expect(res.headers["content-encoding"], JSON.stringify(headers)).toBeUndefined();
      expect(res.json(), JSON.stringify(headers)).toHaveLength(6);
    }
  });

  it("answers HEAD and 204 without a body", async () => {
    await seedDirectory();
    const head = await ctx.app.inject({
      method: "HEAD",
      url: "/api/buyer-listings",
      headers: { "accept-encoding": "br" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload).toHaveLength(0);

    const { cookie } = await createSignedInUser(ctx);
    const buyer = await createBuyer(db());
    const listing = await createListing(db(), buyer.profile.id);
    const saved = await ctx.app.inject({
      method: "PUT",
      url: `/api/saved-listings/${listing.id}`,
      headers: { cookie, "accept-encoding": "br, gzip" },
    });
    expect(saved.statusCode).toBe(204);
    expect(saved.headers["content-encoding"]).toBeUndefined();
    expect(saved.rawPayload).toHaveLength(0);
  });

  it("still streams the CSV export, compressed as it goes", async () => {
    await seedDirectory();
    const { cookie } = await createSignedInUser(ctx, { role: "admin" });
    const url = "/api/admin/buyer-listings/export.csv";
    const plain = await ctx.app.inject({ url, headers: { cookie } });
    expect(plain.headers["content-type"]).toMatch(/^text\/csv/);
    expect(plain.body).toContain("Final Expense Inbound Calls 5");
    const res = await ctx.app.inject({ url, headers: { cookie, "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    // No length: the body is written as the query's rows arrive.
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["content-disposition"]).toBe(plain.headers["content-disposition"]);
    expect(decode("br", res.rawPayload)).toBe(plain.body);
  });

  it("serves a built script's brotli or gzip copy, typed as the script, with the immutable header", async () => {
    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, deflate, br", "br"],
      [undefined, undefined],
    ]) {
      const res = await ctx.app.inject({
        url: "/assets/index-Ab12Cd34.js",
        headers: accept ? { "accept-encoding": accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-type"], accept).toMatch(/^(application|text)\/javascript/);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary, accept).toBe("accept-encoding");
      expect(decode(encoding, res.rawPayload), accept).toBe(script);
    }
  });

  it("never serves the build's own dotfiles", async () => {
    const res = await ctx.app.inject({ url: "/.build-inputs" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("0123abcd");
  });

  it("serves the page shell compressed on every page path, revalidated each time", async () => {
    const file = await ctx.app.inject({ url: "/index.html", headers: { "accept-encoding": "br, gzip" } });
    expect(file.headers["content-encoding"]).toBe("br");
    expect(file.headers["cache-control"]).toBe("no-cache");
    expect(decode("br", file.rawPayload)).toBe(shell);
    for (const url of ["/", "/browse", "/no-such-page"]) {
      const plain = await ctx.app.inject({ url });
      const res = await ctx.app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(res.statusCode, url).toBe(url === "/no-such-page" ? 404 : 200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(decode("br", res.rawPayload), url).toBe(plain.body);
    }
  });
});

describe("caching of answers that can be compressed", () => {
  const ctx = useTestApp({ clientDir });

  it("names Accept-Encoding in Vary on every cacheable answer, the plain one and a 304 too", async () => {
    const buyer = await createBuyer(ctx.database.db);
    await createListing(ctx.database.db, buyer.profile.id);
    // A shared cache keeps one copy per Vary: a plain answer without it would be served to every client.
    for (const url of [
      "/sitemap.xml",
      "/sitemaps/pages.xml",
      "/sitemaps/listings-1.xml",
      "/robots.txt",
      "/api/openapi.json",
      "/",
      "/browse",
      "/index.html",
      "/assets/index-Ab12Cd34.js",
    ]) {
      for (const accept of [undefined, "br, gzip"]) {
        const res = await ctx.app.inject({ url, headers: accept ? { "accept-encoding": accept } : {} });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(String(res.headers.vary).toLowerCase(), `${url} ${accept}`).toContain("accept-encoding");
        const etag = res.headers.etag;
        if (!etag) continue;
        const held = await ctx.app.inject({
          url,
          headers: { "if-none-match": String(etag), ...(accept ? { "accept-encoding": accept } : {}) },
        });
        expect(held.statusCode, `${url} held`).toBe(304);
        expect(String(held.headers.vary).toLowerCase(), `${url} held`).toContain("accept-encoding");
      }
    }
  });
});

describe("compression of the not-found handler's answers", () => {
  // The handler is no route, so @fastify/compress's per-route hook never runs for it: a page shell
  // rendered there as a string is compressed by the plugin's own hook.
  async function appWithShell(html: string) {
    const app = Fastify();
    await registerCompression(app);
    app.setNotFoundHandler((_request, reply) => reply.type("text/html; charset=utf-8").send(html));
    return app;
  }

  it("compresses a rendered page shell over 1 KB and leaves a smaller one as it is", async () => {
    const app = await appWithShell(shell);
    const br = await app.inject({ url: "/browse", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(decode("br", br.rawPayload)).toBe(shell);
    const gzip = await app.inject({ url: "/browse", headers: { "accept-encoding": "gzip" } });
    expect(decode(gzip.headers["content-encoding"], gzip.rawPayload)).toBe(shell);
    const plain = await app.inject({ url: "/browse" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(shell);

    const small = await appWithShell("<!doctype html><title>Small</title>");
    const res = await small.inject({ url: "/browse", headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    await Promise.all([app.close(), small.close()]);
  });
});
