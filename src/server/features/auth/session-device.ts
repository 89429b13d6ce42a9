import { isIPv4, isIPv6 } from "node:net";
import Bowser from "bowser";

// How a session's browser and address are shown (the Account page's sessions, the sign-in alert): enough
// for a person to tell their laptop from someone else's, never the full address. We keep no geolocation
// database: the truncated address is the approximate place (docs/decisions/027-session-list-and-sign-in-alerts.md).

/**
 * The network an address belongs to, its host part hidden: IPv4 without its last octet
 * ("203.0.113.x"), IPv6 as its first three groups, a /48, the size of one site ("2001:db8:85a3::x"), an
 * IPv4 address mapped into IPv6 as the IPv4 it is. Null for anything that is not an address.
 */
export function ipPrefix(address: string | null | undefined): string | null {
  if (!address) return null;
  const bare = address.trim().replace(/^\[|\]$/g, "");
  if (isIPv4(bare)) return ipv4Prefix(bare);
  // A zone ("fe80::1%eth0") names the interface, not the address.
  const ipv6 = bare.split("%", 1)[0]!;
  if (!isIPv6(ipv6)) return null;
  const groups = expandIpv6(ipv6);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.x`;
  }
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::x`;
}

function ipv4Prefix(address: string): string {
  return `${address.split(".").slice(0, 3).join(".")}.x`;
}

/** The eight 16-bit groups of a valid IPv6 address ("::" filled in, a dotted IPv4 tail as two groups). */
function expandIpv6(address: string): number[] {
  const toGroups = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = "", tail] = address.split("::");
  const first = toGroups(head);
  if (tail === undefined) return first;
  const last = toGroups(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

export interface DeviceDescription {
  /** "Chrome 131", "Safari 18"; null when the user agent names no browser we know. */
  browser: string | null;
  /** "macOS 15.1", "Windows 10", "Android 14"; null when it names no system we know. */
  os: string | null;
}

/** The browser (name and major version) and the system (name and version) a user agent names. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent?.trim()) return { browser: null, os: null };
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  return {
    browser: browser.name ? joinWords(browser.name, browser.version?.split(".")[0]) : null,
    // Windows says "NT 10.0" where people say "10"; elsewhere the version is what people know, to its minor.
    os: os.name
      ? joinWords(
          os.name,
          os.name === "Windows" ? os.versionName : os.version?.split(".").slice(0, 2).join("."),
        )
      : null,
  };
}

const joinWords = (name: string, version: string | undefined) => (version ? `${name} ${version}` : name);
