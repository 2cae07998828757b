import { Link, useSearchParams } from "react-router";
import { FormStatusLine } from "#components/forms/fields.tsx";
import { useForm } from "#components/forms/use-form.ts";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { loadSession } from "#components/session/session-store.ts";
import { EMAIL_CHANGED, isLinkRefusal, LINK_REFUSALS } from "#shared/account-recovery.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import styles from "./account.module.css";

/**
 * Where the link sent to a new address leads. Opening it changes nothing (mail scanners open
 * links); the button posts the token, which reaches the form in a hidden field (written by the
 * link-token edge function without JavaScript, by this page with it).
 */
export function ConfirmEmailChangePage() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const returned = searchParams.get("status");
  const { status, onSubmit, sending } = useForm({
    action: "/api/account/confirm-email",
    rules: {},
    answer: formAcceptedSchema,
    onAccepted: () => {
      void loadSession(true);
      return undefined;
    },
    initial:
      returned === "changed"
        ? { kind: "sent", message: EMAIL_CHANGED }
        : isLinkRefusal(returned)
          ? { kind: "error", message: LINK_REFUSALS[returned] }
          : undefined,
  });

  if (status.kind === "sent")
    return (
      <>
        <p role="status" className="card">
          {status.message}
        </p>
        <p>
          <Link to="/account" className="button">
            Your account
          </Link>
        </p>
      </>
    );
  if (status.kind === "error")
    return (
      <>
        <p role="alert" className="error-text">
          {status.message}
        </p>
        <p>
          Ask for a fresh link from <Link to="/account/settings">your account's settings</Link>.
        </p>
      </>
    );
  return (
    <form
      method="post"
      action="/api/account/confirm-email"
      onSubmit={onSubmit}
      className={`${styles.form} ${styles.narrow}`}
      aria-label="Confirm my new e-mail address"
    >
      {/* Empty until hydrated, as prerendered (the edge function may have written it already). */}
      <input type="hidden" name="token" value={hydrated ? token : ""} />
      <p>Press the button to sign in with this new address from now on.</p>
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Confirming..." : "Confirm my new e-mail address"}
      </button>
      <FormStatusLine kind={status.kind} message={sending ? "Confirming..." : ""} />
    </form>
  );
}
