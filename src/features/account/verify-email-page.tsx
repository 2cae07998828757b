import { Link, useLocation } from "react-router";
import { FormStatusLine } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { VERIFY_OUTCOMES, type VerifyStatus } from "#shared/account.ts";
import { ResendLinkForm } from "./resend-link-form.tsx";

const FAILED = new Set<VerifyStatus>(["used", "expired", "invalid"]);

/**
 * Where the confirmation link in an enrolment e-mail leads. The link itself changes nothing (mail
 * scanners open links); the button posts it, to this same address with the link's token, and the
 * page comes back with the outcome. A link that has expired, been used or is not genuine offers a
 * fresh one.
 */
export function VerifyEmailPage({ outcome }: { outcome: VerifyStatus | null }) {
  const form = usePageForm("confirm-email", { rules: {} });
  const { pathname, search } = useLocation();
  return (
    <div className="page prose">
      <h1>Confirm your e-mail address</h1>
      {outcome ? (
        <p role="status" className={FAILED.has(outcome) ? "error-text" : "card notice"}>
          {VERIFY_OUTCOMES[outcome]}
        </p>
      ) : (
        <PageForm form={form} action={`${pathname}${search}`}>
          <p>Press the button to confirm that this e-mail address is yours and finish your enrolment.</p>
          <button type="submit" className="button" disabled={form.sending}>
            {form.sending ? "Confirming..." : "Confirm my e-mail address"}
          </button>
          <FormStatusLine kind={form.status.kind} message={form.status.message} />
        </PageForm>
      )}
      {outcome === "confirmed" && (
        <p>
          <Link to="/login" className="button">
            Sign In
          </Link>
        </p>
      )}
      <h2>Need a fresh link?</h2>
      <p>
        A confirmation link works once, for 48 hours. If yours has expired or did not arrive, enter the
        address you enrolled with.
      </p>
      <ResendLinkForm />
    </div>
  );
}
