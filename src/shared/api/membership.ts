/** GET /api/account/membership: the membership part of the account page, as HTML written on the server. */
import { zm } from "../zod.ts";

export const membershipPanelSchema = zm.object({ html: zm.string() });
export type MembershipPanelAnswer = zm.infer<typeof membershipPanelSchema>;

/** The page that shows it without JavaScript (the prerendered /account with the part filled in). */
export const MEMBERSHIP_PAGE = "/account/membership";
export const MEMBERSHIP_PANEL_ID = "membership-panel";
