import { Resolver as DnsResolver, lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { blockedAddressReason, isLoopbackAddress } from "./address-guard";

// Requests to a URL a user typed, with the limits a server-side fetch of one needs: names are resolved
// here and every address is vetted (address-guard.ts), the socket connects to the vetted address (a
// `lookup` that answers it), so a second DNS answer cannot swap in an internal one (DNS rebinding); one
// deadline covers the whole exchange; reading stops at the byte cap. Two callers: the domain check GETs
// a publisher's homepage (each redirect vetted again, at most MAX_REDIRECTS of them), and webhooks POST
// an event to an endpoint (postToSite: no redirect is followed).

export const SITE_FETCH_LIMITS = {
  timeoutMs: 5_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
} as const;

/** A fetch that did not give us a page to read; the message says why, for the publisher. */
export class SiteFetchError extends Error {
  override name = "SiteFetchError";
}

/** The host resolves to an address the guard refuses; `reason` is the guard's ("a loopback address"). */
export class BlockedAddressError extends SiteFetchError {
  override name = "BlockedAddressError";
  constructor(
    message: string,
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** DNS answers that mean "no such record" (an IPv4-only host has no AAAA record, and so on). */
const NO_RECORD_CODES = new Set(["ENODATA", "ENOTFOUND", "ENONAME"]);

/**
 * A resolver that asks the given DNS servers (VERIFY_DNS_SERVERS) for A and AAAA records instead of the
 * system's lookup; undefined when none is given, which leaves the system's lookup (and /etc/hosts) in use.
 */
function dnsServersResolver(servers: readonly string[]): Resolver | undefined {
  if (servers.length === 0) return undefined;
  const resolver = new DnsResolver({ timeout: SITE_FETCH_LIMITS.timeoutMs / 2, tries: 2 });
  resolver.setServers([...servers]);
  const records = async (ask: Promise<string[]>) =>
    ask.catch((error: NodeJS.ErrnoException) => {
      if (error.code && NO_RECORD_CODES.has(error.code)) return [];
      throw error;
    });
  return async (hostname) => {
    const [v4, v6] = await Promise.all([
      records(resolver.resolve4(hostname)),
      records(resolver.resolve6(hostname)),
    ]);
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  };
}

/** The fetch options of a domain check (the publishers' and the buyers'), from the app's settings. */
export function domainCheckFetchOptions(config: {
  verifyAllowPrivate: boolean;
  verifyDnsServers: readonly string[];
}): SiteFetchOptions {
  return { allowPrivate: config.verifyAllowPrivate, resolve: dnsServersResolver(config.verifyDnsServers) };
}

export interface SiteFetchOptions {
  /** VERIFY_ALLOW_PRIVATE=1: private and loopback addresses are allowed (tests, local development). */
  allowPrivate: boolean;
  /**
   * Loopback addresses (this machine) are allowed, every other private one still refused: a development
   * server's webhooks to a receiver on the developer's own machine.
   */
  allowLoopback?: boolean;
  /** Addresses allowed although private: only tests use it, to stand a loopback server in for a site. */
  allowedAddresses?: readonly string[];
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

interface FetchedPage {
  /** The address of the page finally read (after redirects). */
  url: string;
  status: number;
  body: string;
  /** The page was longer than the cap; `body` is its beginning. */
  truncated: boolean;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = "PayPerCallHub-DomainVerification/1.0 (+site ownership check)";

function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

function parseHttpUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new SiteFetchError(`"${text}" is not a web address we can fetch.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SiteFetchError(`We only fetch http and https addresses, not ${url.protocol.replace(":", "")}.`);
  }
  if (url.username || url.password)
    throw new SiteFetchError("Web addresses with a password are not fetched.");
  return url;
}

/** Resolves the URL's host and vets every address; answers the one to connect to. */
async function vetHost(url: URL, options: SiteFetchOptions): Promise<ResolvedAddress> {
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new SiteFetchError(`We could not find ${host}: its DNS lookup failed.`);
    }
    if (addresses.length === 0) throw new SiteFetchError(`We could not find ${host}: it has no address.`);
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const reason = blockedAddressReason(address);
      if (options.allowLoopback && isLoopbackAddress(address)) continue;
      if (reason && !options.allowedAddresses?.includes(address)) {
        throw new BlockedAddressError(
          `Refused to fetch ${url.origin}: ${host} resolves to ${address}, ${reason}. Only public websites can be verified.`,
          host,
          address,
          reason,
        );
      }
    }
  }
  return addresses[0]!;
}

interface Hop {
  status: number;
  statusText: string;
  location: string | null;
  body: string;
  truncated: boolean;
}

interface Outgoing {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

const PAGE_REQUEST: Outgoing = {
  method: "GET",
  headers: {
    "user-agent": USER_AGENT,
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
    "accept-encoding": "identity",
  },
};

/** One request to the vetted address; the deadline is shared by every hop. */
function requestOnce(
  url: URL,
  target: ResolvedAddress,
  outgoing: Outgoing,
  deadline: number,
  maxBytes: number,
  timeoutMessage: string,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    // The socket connects to the address we vetted, whatever the name resolves to by now. Node asks
    // with `all: true` when it may race address families (autoSelectFamily).
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: outgoing.method,
      agent: false,
      lookup,
      headers: outgoing.headers,
    });
    const remaining = deadline - Date.now();
    const timer = setTimeout(
      () => request.destroy(new SiteFetchError(timeoutMessage)),
      Math.max(remaining, 0),
    );
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      settle();
    };
    request.on("error", (error) => {
      finish(() =>
        reject(
          error instanceof SiteFetchError
            ? error
            : new SiteFetchError(
                `We could not connect to ${url.origin} (${(error as NodeJS.ErrnoException).code ?? error.message}).`,
              ),
        ),
      );
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location ?? null;
      if (REDIRECT_STATUSES.has(status) && location) {
        // Nothing of a redirect's body is needed.
        request.destroy();
        finish(() => resolve({ status, statusText: "", location, body: "", truncated: false }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const answer = () =>
        finish(() =>
          resolve({
            status,
            statusText: response.statusMessage ?? "",
            location: null,
            body: Buffer.concat(chunks).toString("utf8"),
            truncated,
          }),
        );
      response.on("data", (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          truncated = true;
          // Stop reading: a huge or endless page is cut at the cap, never buffered whole.
          request.destroy();
          answer();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on("end", answer);
      response.on("error", () =>
        finish(() => reject(new SiteFetchError(`The connection to ${url.origin} was cut off.`))),
      );
    });
    request.end(outgoing.body);
  });
}

/**
 * GETs `address` and answers the page (status 2xx only), following at most maxRedirects redirects,
 * each to a vetted address. Throws SiteFetchError with a sentence for the publisher otherwise.
 */
export async function fetchSitePage(address: string, options: SiteFetchOptions): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? SITE_FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? SITE_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SITE_FETCH_LIMITS.maxRedirects;
  const deadline = Date.now() + timeoutMs;
  let url = parseHttpUrl(address);
  for (let redirects = 0; ; redirects++) {
    const timeoutMessage = timeoutMessageFor(url, timeoutMs);
    const target = await withDeadline(vetHost(url, options), deadline, timeoutMessage);
    const hop = await requestOnce(url, target, PAGE_REQUEST, deadline, maxBytes, timeoutMessage);
    if (hop.location !== null) {
      if (redirects >= maxRedirects) {
        throw new SiteFetchError(
          `${address} redirected more than ${maxRedirects} times; we stopped following.`,
        );
      }
      url = parseHttpUrl(hop.location, url);
      continue;
    }
    if (hop.status < 200 || hop.status > 299) {
      throw new SiteFetchError(
        `${url.href} answered HTTP ${hop.status}${hop.statusText ? ` ${hop.statusText}` : ""}, not the page.`,
      );
    }
    return { url: url.href, status: hop.status, body: hop.body, truncated: hop.truncated };
  }
}

const timeoutMessageFor = (url: URL, timeoutMs: number) => {
  const seconds = timeoutMs / 1000;
  return `${url.origin} did not answer within ${seconds} second${seconds === 1 ? "" : "s"}.`;
};

/**
 * Resolves the host of `address` and vets every address it has, as a fetch would (a webhook endpoint is
 * checked this way when it is registered). Throws SiteFetchError (BlockedAddressError for a refused one).
 */
export async function vetSiteAddress(address: string, options: SiteFetchOptions): Promise<void> {
  const url = parseHttpUrl(address);
  const timeoutMs = options.timeoutMs ?? SITE_FETCH_LIMITS.timeoutMs;
  await withDeadline(vetHost(url, options), Date.now() + timeoutMs, timeoutMessageFor(url, timeoutMs));
}

/** What a receiver's answer to a POST is read for: its status, and a little of its body at most. */
const POST_ANSWER_BYTES = 4096;

/**
 * POSTs `body` to `address` (a vetted address, as fetchSitePage connects) and answers the status,
 * whatever it is: a redirect is not followed, its 3xx is the answer. Throws SiteFetchError when no
 * answer came (refused address, DNS, connection, timeout).
 */
export async function postToSite(
  address: string,
  { body, headers }: { body: string; headers: Record<string, string> },
  options: SiteFetchOptions,
): Promise<{ status: number }> {
  const timeoutMs = options.timeoutMs ?? SITE_FETCH_LIMITS.timeoutMs;
  const deadline = Date.now() + timeoutMs;
  const url = parseHttpUrl(address);
  const timeoutMessage = timeoutMessageFor(url, timeoutMs);
  const target = await withDeadline(vetHost(url, options), deadline, timeoutMessage);
  const outgoing: Outgoing = {
    method: "POST",
    headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    body,
  };
  const hop = await requestOnce(url, target, outgoing, deadline, POST_ANSWER_BYTES, timeoutMessage);
  return { status: hop.status };
}

/** A slow DNS answer counts against the same 5 seconds. */
async function withDeadline<T>(work: Promise<T>, deadline: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SiteFetchError(message)), Math.max(deadline - Date.now(), 0));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
