import { FormStatusLine, TextArea, TextField } from "#components/forms/fields.tsx";
import { FormGuard } from "#components/forms/form-guard.tsx";
import { useForm } from "#components/forms/use-form.ts";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import { CONTACT_SENT, CONTACT_FIELDS as F } from "#shared/forms/contact-fields.ts";
import styles from "./contact-form.module.css";

/**
 * 'Send Us a Message'. Without JavaScript it is a plain POST to /api/contact, which redirects back
 * here with ?status=sent or answers this page filled in with the errors; with it, the same
 * request is sent as JSON and the answer shown inline.
 */
export function ContactForm({ returned }: { returned: string | null }) {
  const hydrated = useHydrated();
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/contact",
    rules: F,
    answer: formAcceptedSchema,
    onAccepted: (_data, form) => {
      form.reset();
      return undefined;
    },
    initial: returned === "sent" ? { kind: "sent", message: CONTACT_SENT } : undefined,
  });

  return (
    <form
      method="post"
      action="/api/contact"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className={styles.form}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">Send Us a Message</h2>
      <FormGuard />
      <div className={styles.grid}>
        <TextField name="first_name" rule={F.first_name} errors={errors} markOptional />
        <TextField name="last_name" rule={F.last_name} errors={errors} markOptional />
        <TextField name="email" rule={F.email} errors={errors} markOptional />
        <TextField name="phone_number" rule={F.phone_number} errors={errors} markOptional />
      </div>
      <TextArea name="message" rule={F.message} errors={errors} rows={4} markOptional />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </button>
      <FormStatusLine kind={status.kind} message={sending ? "Sending your message..." : status.message} />
    </form>
  );
}
