/**
 * The SMS section's anchor on the publisher dashboard: the pricing page's SMS card links to
 * /publisher/dashboard?tab=alerts#sms-alerts. Its own module, so the pricing page links to it without
 * loading the section.
 */
export const SMS_SECTION_ID = "sms-alerts";
