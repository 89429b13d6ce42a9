import { isIPv4, isIPv6 } from "node:net";

// Which addresses the domain check may connect to (DESIGN.md §2). The server fetches a URL a user typed,
// so without this guard anyone could make it read the cloud metadata service, the database port or an
// admin page on the internal network (server-side request forgery). Every address a name resolves to
// is checked, the connection goes to the address that was checked, and a redirect starts over.

interface Range4 {
  base: number;
  bits: number;
  reason: string;
}

const ip4 = (text: string): number =>
  text.split(".").reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0) >>> 0;

const range4 = (cidr: string, reason: string): Range4 => {
  const [base, bits] = cidr.split("/") as [string, string];
  return { base: ip4(base), bits: Number(bits), reason };
};

// Listed before the wider ranges that hold them, so the reason is the most specific one.
const BLOCKED_V4: Range4[] = [
  range4("169.254.169.254/32", "a cloud metadata address"),
  range4("0.0.0.0/8", "a 'this network' address"),
  range4("10.0.0.0/8", "a private address"),
  range4("100.64.0.0/10", "a shared (carrier-grade NAT) address"),
  range4("127.0.0.0/8", "a loopback address"),
  range4("169.254.0.0/16", "a link-local address"),
  range4("172.16.0.0/12", "a private address"),
  range4("192.0.0.0/24", "a reserved address"),
  range4("192.0.2.0/24", "a documentation address"),
  range4("192.168.0.0/16", "a private address"),
  range4("198.18.0.0/15", "a benchmarking address"),
  range4("198.51.100.0/24", "a documentation address"),
  range4("203.0.113.0/24", "a documentation address"),
  range4("224.0.0.0/4", "a multicast address"),
  range4("240.0.0.0/4", "a reserved address"),
];

function inRange4(address: number, range: Range4): boolean {
  if (range.bits === 0) return true;
  const mask = (0xffffffff << (32 - range.bits)) >>> 0;
  return (address & mask) >>> 0 === (range.base & mask) >>> 0;
}

function blockedReason4(address: string): string | null {
  const value = ip4(address);
  return BLOCKED_V4.find((range) => inRange4(value, range))?.reason ?? null;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing dotted quad expanded). */
function groups6(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    if (!isIPv4(tail)) return null;
    const v4 = ip4(tail);
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const head = parse(halves[0] ?? "");
  const rest = halves.length === 2 ? parse(halves[1] ?? "") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 0) return null;
  const all = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

const v4From = (high: number, low: number): string =>
  [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");

function blockedReason6(address: string): string | null {
  const g = groups6(address);
  if (!g) return "an address that could not be read";
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible) reach the IPv4 address inside.
  if (zeroTo(5) && g5 === 0xffff) return blockedReason4(v4From(g6, g7));
  if (zeroTo(6)) {
    if (g6 === 0 && g7 === 0) return "the unspecified address";
    if (g6 === 0 && g7 === 1) return "a loopback address";
    return blockedReason4(v4From(g6, g7));
  }
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address too.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return blockedReason4(v4From(g6, g7));
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "a local NAT64 address";
  if (g0 === 0x2002) return blockedReason4(v4From(g1, g2));
  if (g0 === 0x2001 && g1 === 0) return "a Teredo tunnel address";
  if (g0 === 0x2001 && g1 === 0xdb8) return "a documentation address";
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return "a discard-only address";
  if ((g0 & 0xfe00) === 0xfc00) return "a private (unique local) address";
  if ((g0 & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g0 & 0xffc0) === 0xfec0) return "a site-local address";
  if ((g0 & 0xff00) === 0xff00) return "a multicast address";
  return null;
}

/**
 * Why the domain check must not connect to `address` (an IP literal), or null when it may: private,
 * loopback, link-local, metadata, multicast and other non-public ranges, IPv4 and IPv6 alike, including
 * IPv4 addresses wrapped in IPv6 (mapped, compatible, NAT64, 6to4). Anything unreadable is refused.
 */
export function blockedAddressReason(address: string): string | null {
  if (isIPv4(address)) return blockedReason4(address);
  if (isIPv6(address)) return blockedReason6(address);
  return "an address that could not be read";
}
