import { escapeHtml } from "#shared/escape-html.ts";
import type { ContactMessage } from "#shared/schemas/contact.ts";
import { htmlParagraphs } from "../mail/escape.server.ts";
import type { Mail } from "../mail/mail.server.ts";

/** The secretariat's copy (Reply-To the sender) and the sender's acknowledgement. */
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
      text: `Dear ${name},\n\n${intro}\n\nYour message:\n\n${message.message}\n`,
      html: `<p>Dear ${escapeHtml(name)},</p><p>${intro}</p><p>Your message:</p>${htmlParagraphs(message.message)}`,
    },
  };
}
