import { Link } from "react-router";
import { FormStatusLine } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { EMAIL_CHANGED, LINK_REFUSALS, type LinkRefusalStatus } from "#shared/account-recovery.ts";
import styles from "./account.module.css";

type Props = { outcome: "changed" | LinkRefusalStatus | null; token: string | null };

/**
 * Where the link sent to a new address leads. Opening it changes nothing (mail scanners open
 * links); the button posts the link's token to the page's action, which comes back with the outcome.
 */
export function ConfirmEmailChangePage({ outcome, token }: Props) {
  const form = usePageForm("confirm-email-change", { rules: {} });
  if (outcome === "changed")
    return (
      <>
        <p role="status" className="card notice">
          {EMAIL_CHANGED}
        </p>
        <p>
          <Link to="/account" className="button">
            Your account
          </Link>
        </p>
      </>
    );
  if (outcome || !token)
    return (
      <>
        <p role="alert" className="error-text">
          {LINK_REFUSALS[outcome ?? "invalid"]}
        </p>
        <p>
          Ask for a fresh link from <Link to="/account/settings">your account's settings</Link>.
        </p>
      </>
    );
  return (
    <PageForm
      form={form}
      className={`${styles.form} ${styles.narrow}`}
      aria-label="Confirm my new e-mail address"
    >
      <input type="hidden" name="token" value={token} />
      <p>Press the button to sign in with this new address from now on.</p>
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Confirming..." : "Confirm my new e-mail address"}
      </button>
      <FormStatusLine
        kind={form.status.kind}
        message={form.sending ? "Confirming..." : form.status.message}
      />
    </PageForm>
  );
}
