import { phoneAsWritten } from "#shared/forms/field-rules.ts";
import type { ContactMessage } from "#shared/schemas/contact.ts";
import type { Mail } from "../mail/mail.server.ts";
import { contactAcknowledgement } from "../mail/templates/contact-acknowledgement.server.tsx";
import { contactToSecretariat } from "../mail/templates/contact-to-secretariat.server.tsx";
import { composeMail } from "../mail/templates/template.server.tsx";

export { ACK_NAME_MAX } from "../mail/templates/contact-acknowledgement.server.tsx";

/**
 * The secretariat's copy (Reply-To the sender) and the sender's acknowledgement, which quotes
 * nothing of the message (see the template).
 */
export async function contactMails(
  message: ContactMessage,
  secretariat: string,
): Promise<{ secretariat: Mail; acknowledgement: Mail }> {
  const name = `${message.first_name} ${message.last_name}`.trim();
  return {
    secretariat: await composeMail(
      contactToSecretariat,
      { name, email: message.email, phone: phoneAsWritten(message.phone_number), message: message.message },
      { to: [secretariat], replyTo: message.email },
    ),
    acknowledgement: await composeMail(
      contactAcknowledgement,
      { firstName: message.first_name },
      { to: [message.email] },
    ),
  };
}
