import { BlockList, isIPv4, isIPv6 } from "node:net";

// Which addresses the domain check may connect to. The server fetches a URL a user typed,
// so without this guard anyone could make it read the cloud metadata service, the database port or an
// admin page on the internal network (server-side request forgery). Every address a name resolves to
// is checked, the connection goes to the address that was checked, and a redirect starts over.

/** A blocked range: one BlockList (Node's own prefix matching) per row, so a refusal can say why. */
interface Rule {
  list: BlockList;
  family: "ipv4" | "ipv6";
  reason: string;
}

const rule = (cidr: string, reason: string): Rule => {
  const [base, bits] = cidr.split("/") as [string, string];
  const family = isIPv6(base) ? "ipv6" : "ipv4";
  const list = new BlockList();
  list.addSubnet(base, Number(bits), family);
  return { list, family, reason };
};

const LOOPBACK_REASON = "a loopback address";

// Listed before the wider ranges that hold them, so the reason is the most specific one.
const BLOCKED_V4: Rule[] = [
  rule("169.254.169.254/32", "a cloud metadata address"),
  rule("0.0.0.0/8", "a 'this network' address"),
  rule("10.0.0.0/8", "a private address"),
  rule("100.64.0.0/10", "a shared (carrier-grade NAT) address"),
  rule("127.0.0.0/8", LOOPBACK_REASON),
  rule("169.254.0.0/16", "a link-local address"),
  rule("172.16.0.0/12", "a private address"),
  rule("192.0.0.0/24", "a reserved address"),
  rule("192.0.2.0/24", "a documentation address"),
  // The 6to4 relays' anycast range (retired, RFC 7526): whichever relay answers is not the host typed.
  rule("192.88.99.0/24", "a 6to4 relay address"),
  rule("192.168.0.0/16", "a private address"),
  rule("198.18.0.0/15", "a benchmarking address"),
  rule("198.51.100.0/24", "a documentation address"),
  rule("203.0.113.0/24", "a documentation address"),
  rule("224.0.0.0/4", "a multicast address"),
  rule("240.0.0.0/4", "a reserved address"),
];

// IPv6 ranges that are not a wrapped IPv4 address (those are unwrapped and checked as IPv4 first).
const BLOCKED_V6: Rule[] = [
  rule("::/128", "the unspecified address"),
  rule("::1/128", LOOPBACK_REASON),
  rule("64:ff9b:1::/48", "a local NAT64 address"),
  rule("2001::/32", "a Teredo tunnel address"),
  rule("2001:db8::/32", "a documentation address"),
  rule("100::/64", "a discard-only address"),
  rule("fc00::/7", "a private (unique local) address"),
  rule("fe80::/10", "a link-local address"),
  rule("fec0::/10", "a site-local address"),
  rule("ff00::/8", "a multicast address"),
];

const firstMatch = (rules: Rule[], address: string): string | null =>
  rules.find((r) => r.list.check(address, r.family))?.reason ?? null;

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing dotted quad expanded). */
function groups6(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    if (!isIPv4(tail)) return null;
    const [a, b, c, d] = tail.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
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

/**
 * The IPv4 address an IPv6 address carries, where a host or a gateway would deliver it to that IPv4
 * address: mapped (::ffff:0:0/96), translated (::ffff:0:0:0/96), compatible (::/96), NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIPv4(g: number[]): string | null {
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
  if (zeroTo(5) && g5 === 0xffff) return v4From(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4From(g6, g7);
  // :: and ::1 are IPv6's own (unspecified, loopback), not compatible addresses.
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return v4From(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return v4From(g6, g7);
  }
  if (g0 === 0x2002) return v4From(g1, g2);
  return null;
}

function blockedReason6(address: string): string | null {
  const g = groups6(address);
  if (!g) return "an address that could not be read";
  const v4 = embeddedIPv4(g);
  if (v4) return firstMatch(BLOCKED_V4, v4);
  const plain = g.map((x) => x.toString(16)).join(":");
  return firstMatch(BLOCKED_V6, plain);
}

/**
 * Why the domain check must not connect to `address` (an IP literal), or null when it may: private,
 * loopback, link-local, metadata, multicast and other non-public ranges, IPv4 and IPv6 alike, including
 * IPv4 addresses wrapped in IPv6 (mapped, translated, compatible, NAT64, 6to4). Anything unreadable is refused.
 */
export function blockedAddressReason(address: string): string | null {
  if (isIPv4(address)) return firstMatch(BLOCKED_V4, address);
  if (isIPv6(address)) return blockedReason6(address);
  return "an address that could not be read";
}

/** Whether `address` (an IP literal) is this machine's own: 127.0.0.0/8 or ::1, also wrapped in IPv6. */
export function isLoopbackAddress(address: string): boolean {
  return blockedAddressReason(address) === LOOPBACK_REASON;
}
