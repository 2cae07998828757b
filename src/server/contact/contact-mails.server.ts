import { escapeHtml } from "#shared/escape-html.ts";
import type { ContactMessage } from "#shared/schemas/contact.ts";
import { htmlParagraphs } from "../mail/escape.server.ts";
import type { Mail } from "../mail/mail.server.ts";

/**
 * A name longer than this is left out of the acknowledgement: the mail goes to whatever address
 * was typed, so what a stranger controls in it must stay too short to carry a message.
 */
export const ACK_NAME_MAX = 40;

/**
 * The secretariat's copy (Reply-To the sender) and the sender's acknowledgement. The
 * acknowledgement quotes nothing of the message: anyone can type anyone's address, and the
 * society's sender must not relay their text to a stranger.
 */
export function contactMails(
  message: ContactMessage,
  secretariat: string,
): { secretariat: Mail; acknowledgement: Mail } {
  const name = `${message.first_name} ${message.last_name}`.trim();
  const details: [string, string][] = [
    ["Name", name],
    ["E-mail", message.email],
    ["Phone", message.phone_number || "not given"],
  ];
  const greeting = message.first_name.length <= ACK_NAME_MAX ? `Dear ${message.first_name}` : "Hello";
  const intro =
    "Thank you for writing to the Indian Society of Genetics and Plant Breeding. The secretariat has your message and will reply by e-mail.";
  return {
    secretariat: {
      to: [secretariat],
      replyTo: message.email,
      subject: `Website message from ${name}`,
      text: `${details.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${message.message}\n`,
      html: `<ul>${details.map(([label, value]) => `<li><strong>${label}:</strong> ${escapeHtml(value)}</li>`).join("")}</ul>${htmlParagraphs(message.message)}`,
    },
    acknowledgement: {
      to: [message.email],
      subject: "We have received your message",
      text: `${greeting},\n\n${intro}\n`,
      html: `<p>${escapeHtml(greeting)},</p><p>${intro}</p>`,
    },
  };
}
