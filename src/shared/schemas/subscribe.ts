import { SUBSCRIBE_FIELDS } from "../forms/subscribe-fields.ts";
import { z } from "../zod.ts";
import { emailAddress } from "./fields.ts";

/** The footer's Subscribe box: one e-mail address. */
export const subscribeSchema = z.strictObject({ email: emailAddress(SUBSCRIBE_FIELDS.email) });
export type SubscribeRequest = z.infer<typeof subscribeSchema>;

/**
 * A confirm or unsubscribe link's token, posted back from the page the link opens (or left in the
 * link's URL); mail programs' one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click`.
 */
export const newsletterLinkSchema = z.strictObject({
  token: z.string().min(1).max(2048).optional(),
  "List-Unsubscribe": z.literal("One-Click").optional(),
});
