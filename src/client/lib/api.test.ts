import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiError,
  apiDownload,
  apiFetch,
  apiRequest,
  errorMessage,
  hasErrorCode,
  isUnauthorizedError,
  parseFileName,
} from "./api";
import { createQueryClient, defaultQueryFn } from "./query-client";

let server: Server;
let base = "";
const seen: { method: string; url: string; contentType: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, contentType: req.headers["content-type"], body });
      if (req.url === "/api/auth/user") {
        res
          .writeHead(401, { "content-type": "application/json" })
          .end('{"message":"Unauthorized","code":"unauthorized"}');
      } else if (req.url === "/api/empty-error") {
        res.writeHead(500).end();
      } else if (req.url === "/api/proxy-error") {
        res.writeHead(502, { "content-type": "text/html" }).end("<html><h1>Bad gateway</h1></html>");
      } else if (req.url === "/api/reveal") {
        res
          .writeHead(403, { "content-type": "application/json" })
          .end('{"message":"Premium subscription required","code":"premium_required"}');
      } else if (req.url === "/api/page") {
        res
          .writeHead(200, { "content-type": "application/json", link: '</api/page?cursor=2>; rel="next"' })
          .end("[1,2]");
      } else if (req.url === "/api/export") {
        res
          .writeHead(200, {
            "content-type": "application/zip",
            "content-disposition": 'attachment; filename="account-export.zip"',
          })
          .end(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff]));
      } else if (req.url === "/api/export-limited") {
        res
          .writeHead(429, { "content-type": "application/json", "retry-after": "600" })
          .end('{"message":"Too many exports. Try again in 10 minutes.","code":"rate_limited"}');
      } else if (req.url?.startsWith("/api/items")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ url: req.url }));
      } else {
        res
          .writeHead(400, { "content-type": "application/json" })
          .end('{"message":"Bad thing","code":"validation"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("API helper and query defaults", () => {
  it("sends JSON only when there is a payload and reports errors as 'STATUS: body'", async () => {
    await expect(apiRequest("POST", `${base}/api/fail`, { a: 1 })).rejects.toThrow(
      '400: {"message":"Bad thing","code":"validation"}',
    );
    expect(seen.at(-1)).toMatchObject({ method: "POST", contentType: "application/json", body: '{"a":1}' });
    await expect(apiRequest("POST", `${base}/api/fail`)).rejects.toBeInstanceOf(ApiError);
    expect(seen.at(-1)).toMatchObject({ contentType: undefined, body: "" });
    const error = await apiRequest("POST", `${base}/api/fail`).catch((e: ApiError) => e);
    expect(error).toMatchObject({ status: 400, code: "validation", serverMessage: "Bad thing" });
  });

  it("decides on the status and the code, never on the message text", async () => {
    const refused = await apiRequest("POST", `${base}/api/reveal`).catch((e: unknown) => e);
    expect(hasErrorCode(refused, "premium_required")).toBe(true);
    expect(hasErrorCode(refused, "forbidden")).toBe(false);
    expect(isUnauthorizedError(refused)).toBe(false);
    // Same words, no status and no code: not a refusal the client acts on.
    expect(hasErrorCode(new Error("403: Premium subscription required"), "premium_required")).toBe(false);
  });

  it("shows people the server's sentence, never a raw body", async () => {
    const refused = await apiRequest("POST", `${base}/api/reveal`).catch((e: unknown) => e);
    expect(errorMessage(refused)).toBe("Premium subscription required");
    const proxied = await apiRequest("GET", `${base}/api/proxy-error`).catch((e: unknown) => e);
    expect(proxied).toMatchObject({ status: 502, code: undefined });
    expect(errorMessage(proxied)).toBe("Bad Gateway");
    expect(errorMessage(new TypeError("Failed to fetch"), "Try later.")).toBe("Try later.");
  });

  it("returns the answer's headers when asked (the directory's Link header)", async () => {
    const { data, status, headers } = await apiFetch<number[]>("GET", `${base}/api/page`);
    expect(data).toEqual([1, 2]);
    expect(status).toBe(200);
    expect(headers.get("link")).toBe('</api/page?cursor=2>; rel="next"');
  });

  it("falls back to the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/api/empty-error`)).rejects.toThrow("500: Internal Server Error");
  });

  it("recognises a 401 by its status", async () => {
    const error = await apiRequest("GET", `${base}/api/auth/user`).catch((e: Error) => e);
    expect(isUnauthorizedError(error)).toBe(true);
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(false);
    expect(isUnauthorizedError(new ApiError(403, "Forbidden", ""))).toBe(false);
  });

  it("reads by joining the query key with '/', and a 401 is an error", async () => {
    const client = new QueryClient();
    const data = await client.fetchQuery({
      queryKey: [`${base}/api/items`, "42"],
      queryFn: defaultQueryFn,
    });
    expect(data).toEqual({ url: "/api/items/42" });
    const refused = await client
      .fetchQuery({ queryKey: [`${base}/api/auth/user`], queryFn: defaultQueryFn })
      .catch((e: unknown) => e);
    expect(isUnauthorizedError(refused)).toBe(true);
  });

  it("never retries, never refetches and never goes stale", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});

describe("file downloads", () => {
  it("reads a file whole, bytes intact, with the name the server gave it", async () => {
    const { blob, fileName } = await apiDownload(`${base}/api/export`);
    expect(fileName).toBe("account-export.zip");
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x50, 0x4b, 0x03, 0x04, 0xff]);
  });

  it("turns a refusal into an ApiError with the server's sentence", async () => {
    const error = await apiDownload(`${base}/api/export-limited`).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      code: "rate_limited",
      serverMessage: "Too many exports. Try again in 10 minutes.",
    });
  });

  it("finds the file name in a Content-Disposition header", () => {
    expect(parseFileName('attachment; filename="data.zip"')).toBe("data.zip");
    expect(parseFileName("attachment; filename=data.zip")).toBe("data.zip");
    expect(parseFileName("attachment; filename=\"a.zip\"; filename*=UTF-8''caf%C3%A9.zip")).toBe("café.zip");
    expect(parseFileName("attachment")).toBeNull();
    expect(parseFileName(null)).toBeNull();
  });
});
