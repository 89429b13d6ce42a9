import { describe, expect, it } from "vitest";
import { describeUserAgent, ipPrefix } from "./session-device";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 15_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const EDGE_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe("ipPrefix", () => {
  it("hides the last octet of an IPv4 address", () => {
    expect(ipPrefix("203.0.113.57")).toBe("203.0.113.x");
    expect(ipPrefix("10.0.0.1")).toBe("10.0.0.x");
  });

  it("keeps the first three groups of an IPv6 address (a /48), however it is written", () => {
    expect(ipPrefix("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::x");
    expect(ipPrefix("2001:0DB8:85A3:0000:0000:8A2E:0370:7334")).toBe("2001:db8:85a3::x");
    expect(ipPrefix("2001:db8::1")).toBe("2001:db8:0::x");
    expect(ipPrefix("::1")).toBe("0:0:0::x");
    expect(ipPrefix("fe80::1%eth0")).toBe("fe80:0:0::x");
    expect(ipPrefix("[2001:db8:85a3::7]")).toBe("2001:db8:85a3::x");
  });

  it("shows an IPv4 address mapped into IPv6 as the IPv4 it is", () => {
    expect(ipPrefix("::ffff:203.0.113.57")).toBe("203.0.113.x");
    expect(ipPrefix("::ffff:cb00:7139")).toBe("203.0.113.x");
  });

  it("answers null for nothing or for what is not an address", () => {
    for (const value of [
      null,
      undefined,
      "",
      "  ",
      "not an address",
      "203.0.113",
      "999.1.1.1",
      "2001:db8:::1",
    ]) {
      expect(ipPrefix(value), String(value)).toBeNull();
    }
  });
});

describe("describeUserAgent", () => {
  it("names the browser with its major version and the system with its version", () => {
    expect(describeUserAgent(CHROME_MAC)).toEqual({ browser: "Chrome 131", os: "macOS 10.15" });
    expect(describeUserAgent(SAFARI_MAC)).toEqual({ browser: "Safari 18", os: "macOS 15.1" });
    expect(describeUserAgent(EDGE_WINDOWS)).toEqual({ browser: "Microsoft Edge 131", os: "Windows 10" });
    expect(describeUserAgent(CHROME_ANDROID)).toEqual({ browser: "Chrome 131", os: "Android 14" });
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: "Firefox 133", os: "Linux" });
  });

  it("answers null for what it does not know", () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
    expect(describeUserAgent("")).toEqual({ browser: null, os: null });
    expect(describeUserAgent("curl/8.5.0")).toEqual({ browser: null, os: null });
    expect(describeUserAgent("lightMyRequest")).toEqual({ browser: null, os: null });
  });
});
