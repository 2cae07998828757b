import type { Membership } from "#shared/schemas/membership.ts";
import { pageContent } from "../content/page-content.server.ts";

/** content/membership.yaml: the payment details and the membership rules (fees, the calendar). */
export const membershipContent = (): Membership => pageContent("membership.yaml");
