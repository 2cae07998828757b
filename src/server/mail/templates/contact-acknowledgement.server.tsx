import { MailLayout, Para } from "./layout.server.tsx";
import { defineTemplate } from "./template.server.tsx";

/**
 * A name longer than this is left out of the acknowledgement: the mail goes to whatever address
 * was typed, so what a stranger controls in it must stay too short to carry a message.
 */
export const ACK_NAME_MAX = 40;

type Props = { firstName: string };

/**
 * The sender's acknowledgement. It quotes nothing of the message: anyone can type anyone's
 * address, and the society's sender must not relay their text to a stranger.
 */
export const contactAcknowledgement = defineTemplate<Props>({
  name: "contact-acknowledgement",
  title: "Contact message, acknowledgement to the sender",
  subject: () => "We have received your message",
  Body: ({ firstName }) => (
    <MailLayout preview="The secretariat has your message">
      <Para>{`${firstName.length <= ACK_NAME_MAX ? `Dear ${firstName}` : "Hello"},`}</Para>
      <Para>
        Thank you for writing to the Indian Society of Genetics and Plant Breeding. The secretariat has your
        message and will reply by e-mail.
      </Para>
    </MailLayout>
  ),
  sample: { firstName: "Kavya" },
});
