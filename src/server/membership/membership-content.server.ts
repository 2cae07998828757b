import type { Membership } from "#shared/schemas/membership.ts";
import { scopedContent } from "../content/page-content.server.ts";

/**
 * The payment details and the membership rules (fees, the calendar): content/membership.yaml, or
 * Contentful's, as this request or job reads them (src/server/content/page-content.server.ts).
 */
export const membershipContent = (): Membership => scopedContent("membership.yaml");
