import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { CLAIM_PAGE, CLAIM_SENT } from "#shared/account-claim.ts";
import { CLAIM_FIELDS as F } from "#shared/forms/account-claim-fields.ts";
import styles from "./account.module.css";

/**
 * "Send me the link": the address on the register, and the member number for whoever knows it. The
 * same answer for every address, so the page tells no one who is on the register. Posted to the
 * claim page's action, also from a claim link that no longer works.
 */
export function ClaimAccountForm({ sent = false, title }: { sent?: boolean; title?: string }) {
  const form = usePageForm("claim-account", { rules: F });
  const status = form.status.kind === "idle" && sent ? { kind: "done", message: CLAIM_SENT } : form.status;
  return (
    <PageForm
      form={form}
      action={CLAIM_PAGE}
      className={`${styles.form} ${styles.narrow}`}
      aria-label={title ?? "Get your website account"}
    >
      <TextField
        name="email"
        rule={F.email}
        hint="The address the society has for you on its membership register: the link goes to that address only."
      />
      <TextField
        name="memberNo"
        rule={F.memberNo}
        markOptional
        hint="As on your membership card or the society's letters, for example L-0412. Leave it empty if you do not have it."
      />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Sending..." : "Send me the link"}
      </button>
      <FormStatusLine kind={status.kind} message={form.sending ? "Sending..." : status.message} />
    </PageForm>
  );
}
