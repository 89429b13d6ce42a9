import { z } from "zod";

// Building blocks for every shared schema, so each rule is written once.

// NUL and the other C0/C1 control characters (tab, newline and carriage return are text): PostgreSQL
// refuses NUL in text ("invalid byte sequence"), and none of them belongs in anything a user types.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

// Half of a UTF-16 surrogate pair with no other half: JSON can carry it ("\ud800"), but it is no
// character, UTF-8 cannot encode it, and encodeURIComponent throws on it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const NO_CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";
export const BROKEN_TEXT_MESSAGE = "must be valid text: it holds a broken character (a lone surrogate)";

/**
 * True when the text holds no control character other than tab, newline and carriage return, and no
 * lone surrogate: text every part of the app (the database, URLs, mail) can take as it is.
 */
export function isPlainText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);
}

/** A string free of control characters and broken ones; chain .trim(), .min(), .max() as usual. */
export const plainText = (message?: string) =>
  z.string(message ? { message } : undefined).refine(isPlainText, {
    error: (issue) =>
      typeof issue.input === "string" && LONE_SURROGATE.test(issue.input)
        ? BROKEN_TEXT_MESSAGE
        : NO_CONTROL_CHARACTERS_MESSAGE,
  });

/** Why an admin made a change the audit log keeps (a boost granted or ended, a refund): 3 to 500 characters. */
export const adminReason = () =>
  plainText("is required")
    .trim()
    .min(3, "must say why (at least 3 characters)")
    .max(500, "must be at most 500 characters");
