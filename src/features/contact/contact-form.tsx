import { useLocation } from "react-router";
import { FormStatusLine, TextArea, TextField } from "#components/forms/fields.tsx";
import { FormGuard } from "#components/forms/form-guard.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { PrivacyNote } from "#components/forms/privacy-note.tsx";
import { CONTACT_FIELDS as F } from "#shared/forms/contact-fields.ts";
import styles from "./contact-form.module.css";

/**
 * 'Send Us a Message', posted to the contact page's action. Sent, the page comes back saying so
 * at the top with the form empty again; refused, each error shows beside its field (with
 * JavaScript at once, without on the page drawn again with what was typed).
 */
export function ContactForm({ formToken }: { formToken: string }) {
  const form = usePageForm("contact", { rules: F });
  // A new visit to the page (after sending, say) starts from an empty form.
  const { key } = useLocation();
  return (
    <PageForm key={key} form={form} className={styles.form} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send Us a Message</h2>
      <FormGuard token={formToken} />
      <div className={styles.grid}>
        <TextField name="first_name" rule={F.first_name} markOptional />
        <TextField name="last_name" rule={F.last_name} markOptional />
        <TextField name="email" rule={F.email} markOptional />
        <TextField name="phone_number" rule={F.phone_number} markOptional />
      </div>
      <TextArea name="message" rule={F.message} rows={4} markOptional />
      <PrivacyNote />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Sending..." : "Send Message"}
      </button>
      <FormStatusLine
        kind={form.status.kind}
        message={form.sending ? "Sending your message..." : form.status.message}
      />
    </PageForm>
  );
}
