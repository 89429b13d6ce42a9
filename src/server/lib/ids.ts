import { z } from "zod";

const uuid = z.uuid();

/** Ids in URLs and metadata are checked before they reach SQL, so a malformed one is a 404, not a 500. */
export function isUuid(value: string): boolean {
  return uuid.safeParse(value).success;
}
