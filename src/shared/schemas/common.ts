import { z } from "zod";

// Building blocks for every shared schema, so each rule is written once.

// NUL and the other C0/C1 control characters (tab, newline and carriage return are text): PostgreSQL
// refuses NUL in text ("invalid byte sequence"), and none of them belongs in anything a user types.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const NO_CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";

/** True when the text holds no control character other than tab, newline and carriage return. */
export function isPlainText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

/** A string free of control characters; chain .trim(), .min(), .max() as usual. */
export const plainText = (message?: string) =>
  z.string(message ? { message } : undefined).refine(isPlainText, NO_CONTROL_CHARACTERS_MESSAGE);
