import { describe, expect, it } from "vitest";
import { BROKEN_TEXT_MESSAGE, isPlainText, NO_CONTROL_CHARACTERS_MESSAGE, plainText } from "./common";

describe("plain text, the rule every text a user sends follows", () => {
  it("takes letters, emoji, tabs and line breaks", () => {
    for (const text of ["Final expense", "💥 ünïcödé", "two\nlines\tand a tab\r\n", ""]) {
      expect(isPlainText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("refuses control characters", () => {
    for (const text of ["\u0000", "a\u0007b", "\u001b[31m", "\u007f", "\u0085"]) {
      expect(isPlainText(text), JSON.stringify(text)).toBe(false);
    }
    expect(plainText().safeParse("a\u0000").error?.issues[0]?.message).toBe(NO_CONTROL_CHARACTERS_MESSAGE);
  });

  it("refuses half a surrogate pair anywhere in the text, and names it", () => {
    for (const text of ["\ud800", "a\udc00b", "x\udbff", "\udfff💥", "💥\ud83d"]) {
      expect(isPlainText(text), JSON.stringify(text)).toBe(false);
      expect(plainText().safeParse(text).error?.issues[0]?.message).toBe(BROKEN_TEXT_MESSAGE);
    }
  });
});
