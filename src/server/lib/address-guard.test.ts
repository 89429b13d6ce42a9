import { describe, expect, it } from "vitest";
import { blockedAddressReason, isLoopbackAddress } from "./address-guard";

describe("address guard of the domain check", () => {
  it.each([
    ["10.0.0.1", "a private address"],
    ["10.255.255.255", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.254", "a private address"],
    ["192.168.1.1", "a private address"],
    ["127.0.0.1", "a loopback address"],
    ["127.1.2.3", "a loopback address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["169.254.1.1", "a link-local address"],
    ["100.100.100.200", "a shared (carrier-grade NAT) address"],
    ["0.0.0.0", "a 'this network' address"],
    ["224.0.0.1", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
  ])("refuses IPv4 %s as %s", (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each([
    ["::1", "a loopback address"],
    ["::", "the unspecified address"],
    ["fc00::1", "a private (unique local) address"],
    ["fd12:3456:789a::1", "a private (unique local) address"],
    ["fd00:ec2::254", "a private (unique local) address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["ff02::1", "a multicast address"],
    ["2001:db8::1", "a documentation address"],
    // IPv4 inside IPv6 reaches the IPv4 address: mapped, compatible, NAT64 and 6to4.
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:169.254.169.254", "a cloud metadata address"],
    ["::ffff:10.1.2.3", "a private address"],
    ["::127.0.0.1", "a loopback address"],
    ["64:ff9b::a9fe:a9fe", "a cloud metadata address"],
    ["2002:c0a8:0101::1", "a private address"],
    ["2001:0:4136:e378::1", "a Teredo tunnel address"],
  ])("refuses IPv6 %s as %s", (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  // One address inside each blocked IPv4 range, with its reason.
  const BLOCKED_V4_SAMPLES: [string, string][] = [
    ["169.254.169.254", "a cloud metadata address"],
    ["0.1.2.3", "a 'this network' address"],
    ["10.20.30.40", "a private address"],
    ["100.64.0.1", "a shared (carrier-grade NAT) address"],
    ["127.0.0.1", "a loopback address"],
    ["169.254.10.10", "a link-local address"],
    ["172.20.0.1", "a private address"],
    ["192.0.0.8", "a reserved address"],
    ["192.0.2.1", "a documentation address"],
    ["192.88.99.1", "a 6to4 relay address"],
    ["192.168.0.1", "a private address"],
    ["198.18.0.1", "a benchmarking address"],
    ["198.51.100.7", "a documentation address"],
    ["203.0.113.9", "a documentation address"],
    ["239.255.255.250", "a multicast address"],
    ["250.0.0.1", "a reserved address"],
  ];
  const hex = (v4: string) => {
    const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
    return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  };

  it.each(BLOCKED_V4_SAMPLES)("refuses %s (%s) in every IPv6 form that carries it", (v4, reason) => {
    const forms = [
      `::ffff:${v4}`, // mapped
      `::ffff:${hex(v4)}`,
      `0:0:0:0:0:ffff:${v4}`,
      `::ffff:0:${v4}`, // translated
      `::ffff:0:${hex(v4)}`,
      `0:0:0:0:ffff:0:${hex(v4)}`,
      `::${v4}`, // compatible
      `::${hex(v4)}`,
      `64:ff9b::${v4}`, // NAT64
      `64:ff9b::${hex(v4)}`,
      `2002:${hex(v4)}::1`, // 6to4
      `2002:${hex(v4)}:abcd::1`,
    ];
    for (const form of forms) expect(blockedAddressReason(form), form).toBe(reason);
  });

  it("refuses the translated loopback a probe got through (::ffff:0:7f00:1)", () => {
    expect(blockedAddressReason("::ffff:0:7f00:1")).toBe("a loopback address");
  });

  it.each([
    "8.8.8.8",
    "::ffff:0:808:808",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "2002:0808:0808::1",
  ])("allows the public address %s", (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });

  it("refuses what is not an IP address at all", () => {
    expect(blockedAddressReason("localhost")).toBe("an address that could not be read");
    expect(blockedAddressReason("")).toBe("an address that could not be read");
  });

  it("tells this machine's own addresses from every other private one (development's webhooks)", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      "10.0.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "::",
      "fe80::1",
      "8.8.8.8",
    ]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
    expect(isLoopbackAddress("localhost")).toBe(false);
  });
});
