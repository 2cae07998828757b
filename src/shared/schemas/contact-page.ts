import { z } from "../zod.ts";
import { line, paragraph } from "./common.ts";

const phone = z.string().regex(/^\+?[\d\s-]{7,20}$/, "must be a phone number");

/** The Contact page's address card (content/contact.yaml). */
export const contactPageSchema = z.strictObject({
  description: paragraph,
  intro: paragraph,
  secretary: line,
  address: z.array(line).min(2),
  mobile: phone,
  email: z.email(),
  staff: z.array(z.strictObject({ name: line, phone })).length(3),
});
export type ContactPage = z.infer<typeof contactPageSchema>;
