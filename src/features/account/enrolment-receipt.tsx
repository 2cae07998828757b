import { Link } from "react-router";
import { ENROLLED_MESSAGE } from "#shared/account.ts";
import type { PaymentDueData } from "#shared/api/membership.ts";
import styles from "./membership-panel.module.css";
import { PaymentDue } from "./membership-panel.tsx";

type Props = {
  applicationId: string;
  /** What the application is to pay, or null for an author or reviewer, who pays nothing. */
  due: PaymentDueData | null;
  /** How long a first payment made now keeps the membership (decision 0024), or null. */
  firstPeriod?: string | null;
};

/**
 * The page an applicant comes to after sending the form, with or without JavaScript: that it was
 * received, its id, and what they must do now, first thing on the page.
 */
export function EnrolmentReceipt({ applicationId, due, firstPeriod = null }: Props) {
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="receipt-title">
      {/* The line under it says thank you: the heading does not say it too. */}
      <h1 id="receipt-title">Your application is received</h1>
      <p role="status">{ENROLLED_MESSAGE}</p>
      <p>
        Your application id is <strong data-application-id="">{applicationId}</strong>.
      </p>
      <p>
        First confirm your e-mail address with the link we have sent you. Then{" "}
        <Link to="/login">sign in</Link> to follow your application.
      </p>
      {due ? (
        <>
          <p>
            Once your address is confirmed, pay the fee below by bank transfer or UPI, quoting the payment
            reference. The secretariat activates your membership when the payment reaches the society; you can
            see it on your account page.
          </p>
          {firstPeriod && <p data-first-period="">{firstPeriod}</p>}
          <PaymentDue due={due} />
        </>
      ) : (
        <p>
          Nothing to pay: an author or reviewer account is active as soon as your e-mail address is confirmed.
        </p>
      )}
    </section>
  );
}
