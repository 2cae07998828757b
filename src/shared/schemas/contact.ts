import { CONTACT_FIELDS as F } from "../forms/contact-fields.ts";
import { z } from "../zod.ts";
import { emailAddress, multiLine, oneLine, phoneNumber } from "./fields.ts";

/** A message from the contact page, as its page's action accepts it. */
export const contactMessageSchema = z.strictObject({
  first_name: oneLine(F.first_name),
  last_name: oneLine(F.last_name).default(""),
  email: emailAddress(F.email),
  phone_number: phoneNumber(F.phone_number).default(""),
  message: multiLine(F.message),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
