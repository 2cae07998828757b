import { CONTACT_FIELDS } from "#shared/forms/contact-fields.ts";
import { contactMessageSchema } from "#shared/schemas/contact.ts";
import { bodyLimitFor, type FormAnswer, type FormSpec } from "../forms/form-post.server.ts";
import { deliverContactMessage } from "./contact-delivery.server.ts";

/** Sent, or set aside by the spam guard: the sender is answered alike. */
const sent = (): FormAnswer => ({ ok: true, redirect: "/contact-us?status=sent" });

/**
 * 'Send Us a Message': stored in Blobs before success is reported, then mailed to the secretariat
 * and acknowledged to the sender; spam is quarantined and answered like real mail. The contact
 * page's action receives it with this.
 */
export const contactForm: FormSpec<typeof contactMessageSchema> = {
  name: "contact",
  schema: contactMessageSchema,
  maxBytes: bodyLimitFor(CONTACT_FIELDS),
  guard: { screen: "token", kind: "contact", disguise: sent },
  unavailable: "Your message was not sent: we could not store it just now. Please try again in a minute.",
  async handle(message) {
    await deliverContactMessage(message);
    return sent();
  },
};
