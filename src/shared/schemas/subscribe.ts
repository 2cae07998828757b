import { z } from "zod";
import { oneLine } from "./contact.ts";

/** The footer's Subscribe box: one e-mail address. */
export const subscribeSchema = z.strictObject({
  email: oneLine("E-mail address", 254).pipe(z.email("Enter a valid e-mail address")),
});
export type SubscribeRequest = z.infer<typeof subscribeSchema>;

/** A confirm or unsubscribe link's token, posted back from the page the link opens. */
export const newsletterLinkSchema = z.strictObject({ token: z.string().min(1).max(2048) });
