import { describe, expect, it } from "vitest";
import { findVerificationContents } from "./verification-tag";

const TOKEN = "ppc-verify-0123456789abcdef";

describe("verification meta tag", () => {
  it.each([
    ["the usual form", `<meta name="ppc-site-verification" content="${TOKEN}">`],
    ["content before name", `<meta content="${TOKEN}" name="ppc-site-verification">`],
    ["single quotes", `<meta name='ppc-site-verification' content='${TOKEN}'>`],
    ["no quotes, self-closing", `<meta name=ppc-site-verification content=${TOKEN} />`],
    ["upper-case tag and attributes", `<META NAME="PPC-Site-Verification" CONTENT="${TOKEN}">`],
    ["spaces and new lines", `<meta\n  name = "ppc-site-verification"\n  content = " ${TOKEN} "\n>`],
    ["other attributes around", `<meta data-x="a > b" name="ppc-site-verification" id=v content="${TOKEN}">`],
    [
      "a character reference",
      `<meta name="ppc&#45;site-verification" content="ppc&#x2d;verify-0123456789abcdef">`,
    ],
  ])("reads %s", (_label, tag) => {
    expect(findVerificationContents(`<html><head>${tag}</head></html>`)).toEqual([TOKEN]);
  });

  it("ignores other meta tags, a commented-out tag and a tag's name in text", () => {
    const html = `<head><meta name="description" content="${TOKEN}">
      <!-- <meta name="ppc-site-verification" content="${TOKEN}"> -->
      <meta property="ppc-site-verification" content="${TOKEN}"></head>
      <body>name="ppc-site-verification" content="${TOKEN}"</body>`;
    expect(findVerificationContents(html)).toEqual([]);
  });

  it("lists every verification tag, in page order, with its content as written", () => {
    const html = `<meta name="ppc-site-verification" content="someone-else"><meta name="ppc-site-verification">`;
    expect(findVerificationContents(html)).toEqual(["someone-else", ""]);
  });
});
