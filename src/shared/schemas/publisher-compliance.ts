import { z } from "zod";
import { plainText } from "./common";

// TCPA compliance acknowledgment (onboarding step 5). Each record keeps the id of the text version the
// publisher was shown; the texts themselves live here, once, and a text is never edited in place: a
// change of wording is a new version id (records must show what was agreed to, and TCPA records are
// kept for five years).

export interface ComplianceAckText {
  /** The requirements listed above the checkbox. */
  requirements: readonly string[];
  /** The sentence beside the checkbox. */
  acknowledgment: string;
}

export const COMPLIANCE_ACK_TEXTS = {
  "tcpa-2025-01": {
    requirements: [
      "Obtain prior express written consent (TCPA) from every consumer before a call or lead is sent.",
      "Scrub every number against the National Do Not Call Registry and your internal DNC list.",
      "Honour opt-out and do-not-call requests at once and keep them on file.",
      "Describe your traffic accurately: sources, verticals and geographies.",
      "Keep consent records (e.g. TrustedForm or Jornaya certificates) for at least five years.",
    ],
    acknowledgment:
      "I acknowledge that my traffic complies with the Telephone Consumer Protection Act (TCPA), the Telemarketing Sales Rule and all state rules, that I maintain Do Not Call procedures, and that I will provide consent records on request.",
  },
} as const satisfies Record<string, ComplianceAckText>;

export type ComplianceAckVersion = keyof typeof COMPLIANCE_ACK_TEXTS;
const COMPLIANCE_ACK_VERSIONS = Object.keys(COMPLIANCE_ACK_TEXTS) as [
  ComplianceAckVersion,
  ...ComplianceAckVersion[],
];
/** The version the onboarding form shows today; only this one can be newly accepted. */
export const CURRENT_COMPLIANCE_ACK_VERSION: ComplianceAckVersion = "tcpa-2025-01";

const DNC_DESCRIPTION_MIN = 10;
export const DNC_DESCRIPTION_MAX = 5000;

export const COMPLIANCE_MESSAGES = {
  ackRequired: "TCPA compliance acknowledgment is required",
  dncTooShort: "Please describe your DNC process in detail",
  dncTooLong: `The DNC description must be at most ${DNC_DESCRIPTION_MAX} characters`,
  outdatedText: "The compliance text has changed since this page was loaded. Review it again and resubmit.",
} as const;

/**
 * POST /api/compliance and onboarding step 5. `ackTextVersion` names the text the form showed; calls
 * that leave it out (posting only tcpaComplianceAck and dncProcessDesc) accept the current text.
 */
export const complianceInputSchema = z.object({
  tcpaComplianceAck: z.literal(true, { message: COMPLIANCE_MESSAGES.ackRequired }),
  dncProcessDesc: plainText(COMPLIANCE_MESSAGES.dncTooShort)
    .trim()
    .min(DNC_DESCRIPTION_MIN, COMPLIANCE_MESSAGES.dncTooShort)
    .max(DNC_DESCRIPTION_MAX, COMPLIANCE_MESSAGES.dncTooLong),
  ackTextVersion: z
    .enum(COMPLIANCE_ACK_VERSIONS, { message: COMPLIANCE_MESSAGES.outdatedText })
    .optional()
    .default(CURRENT_COMPLIANCE_ACK_VERSION),
});
export type ComplianceInput = z.input<typeof complianceInputSchema>;

/** One compliance record as its owner (and an admin) reads it. */
export const complianceRecordSchema = z.object({
  id: z.uuid(),
  publisherId: z.uuid(),
  tcpaComplianceAck: z.boolean(),
  dncProcessDesc: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Null only on records made before text versions were kept. */
  ackTextVersion: z.string().nullable(),
  createdAt: z.string(),
});
export type ComplianceRecord = z.infer<typeof complianceRecordSchema>;

/** The text a record's version names, or null for an unknown or missing version. */
export function complianceAckText(version: string | null): ComplianceAckText | null {
  if (!version || !Object.hasOwn(COMPLIANCE_ACK_TEXTS, version)) return null;
  return COMPLIANCE_ACK_TEXTS[version as ComplianceAckVersion];
}
