import { Link } from "react-router";
import membership from "#content/membership.yaml";
// The prerendered "sent" page shows the placeholder; the enrolment-receipt edge function puts the
// id from the URL in its place, so the page shows it without JavaScript too.
import { APPLICATION_ID_PLACEHOLDER } from "#shared/enrolment-receipt.ts";

/**
 * What an applicant needs after sending the form: the application id, what to pay, and where to
 * follow the application. `needsPayment` is unknown on the page a form without JavaScript comes
 * back to, which then says both cases.
 */
export function EnrolmentReceipt({
  applicationId,
  needsPayment,
}: {
  applicationId: string | null;
  needsPayment: boolean | null;
}) {
  return (
    <section className="card" aria-labelledby="receipt-title">
      <h2 id="receipt-title">Your application</h2>
      <p>
        Your application id is <ApplicationIdSlot applicationId={applicationId} />.
      </p>
      {needsPayment !== false && (
        <p>
          {needsPayment === null ? "For a membership, pay " : "Please pay "}
          the fee for your membership type (see the{" "}
          <a href={membership.pricingUrl} target="_blank" rel="noopener noreferrer">
            pricing structure
          </a>
          ) by bank transfer or UPI to the society's account shown on this page, quoting your application id
          as the reference. The secretariat activates your membership when the payment arrives.
        </p>
      )}
      {needsPayment !== true && (
        <p>
          {needsPayment === null
            ? "Authors and reviewers without a membership pay nothing: "
            : "Nothing to pay: "}
          an author or reviewer account is active as soon as your e-mail address is confirmed.
        </p>
      )}
      <p>
        First confirm your e-mail address with the link we have sent you. Then{" "}
        <Link to="/login">sign in</Link> to follow your application.
      </p>
    </section>
  );
}

/**
 * The application id, or in a prerendered page the placeholder the application-id edge function
 * replaces with the id from the URL: the text is allowed to differ from the first render there.
 */
export function ApplicationIdSlot({ applicationId }: { applicationId: string | null }) {
  return (
    <strong data-application-id="" suppressHydrationWarning>
      {applicationId ?? APPLICATION_ID_PLACEHOLDER}
    </strong>
  );
}
