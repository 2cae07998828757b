import { Details, MailLayout, Paragraphs } from "./layout.server.tsx";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; email: string; phone: string; message: string };

/** A contact message, for the secretariat (sent with Reply-To the sender). */
export const contactToSecretariat = defineTemplate<Props>({
  name: "contact-to-secretariat",
  title: "Contact message, to the secretariat",
  subject: ({ name }) => `Website message from ${name}`,
  Body: ({ name, email, phone, message }) => (
    <MailLayout preview={`A message from ${name} through the website`}>
      <Details
        rows={[
          ["Name", name],
          ["E-mail", email],
          ["Phone", phone || "not given"],
        ]}
      />
      <Paragraphs text={message} />
    </MailLayout>
  ),
  sample: {
    name: "Kavya Raman",
    email: "kavya.raman@example.org",
    phone: "+91 90000 00000",
    message:
      "Dear Secretary,\n\nCould you tell me when the next issue of the journal is due?\n\nThank you,\nKavya",
  },
});
