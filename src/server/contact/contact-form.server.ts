import { CONTACT_FIELDS, CONTACT_SENT } from "#shared/forms/contact-fields.ts";
import { contactMessageSchema } from "#shared/schemas/contact.ts";
import { bodyLimitFor, type FormAnswer, type FormSpec } from "../forms/form-post.server.ts";
import { deliverContactMessage } from "./contact-delivery.server.ts";

const sent = (id: string): FormAnswer => ({
  ok: true,
  body: { message: CONTACT_SENT, id },
  redirect: "/contact-us?status=sent",
});

/**
 * 'Send Us a Message': stored in Blobs before success is reported, then mailed to the secretariat
 * and acknowledged to the sender; spam is quarantined and answered like real mail. The contact
 * page's action and POST /api/contact both receive it with this.
 */
export const contactForm: FormSpec<typeof contactMessageSchema> = {
  name: "contact",
  page: "/contact-us",
  schema: contactMessageSchema,
  maxBytes: bodyLimitFor(CONTACT_FIELDS),
  guard: { screen: "token", kind: "contact", disguise: sent },
  unavailable: "Your message was not sent: we could not store it just now. Please try again in a minute.",
  async handle(message) {
    return sent((await deliverContactMessage(message)).id);
  },
};
