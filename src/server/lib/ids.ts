import { z } from "zod";
import { plainText } from "../../shared/schemas/common";

const uuid = z.uuid();

/** Ids in URLs and metadata are checked before they reach SQL, so a malformed one is a 404, not a 500. */
export function isUuid(value: string): boolean {
  return uuid.safeParse(value).success;
}

/** `:id` route params: any short plain string; services answer 404 for one that is not a uuid. */
export const idParams = z.object({ id: plainText().max(64) });
