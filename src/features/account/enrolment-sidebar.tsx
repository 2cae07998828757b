import { Fragment } from "react";
import { Link } from "react-router";
import { CLAIM_LINK_TEXT, CLAIM_PAGE } from "#shared/account-claim.ts";
import styles from "./account.module.css";

type Props = {
  bank: [string, string][];
  /** The society's UPI payee as a QR code, drawn from the content's UPI details on the server. */
  qr: { size: number; path: string };
  applicationForm: string;
  pricingUrl: string;
  /** How a first payment late in the year counts (decision 0024), worded by the server. */
  joiningLate: string;
};

/** The enrolment page's sidebar: sign in, the offline payment details, the paper form, prices. */
export function EnrolmentSidebar({ bank, qr, applicationForm, pricingUrl, joiningLate }: Props) {
  return (
    <aside className={styles.sidebar} aria-label="Membership">
      <section className="card">
        <h2>Already a member?</h2>
        <Link to="/login" className="button">
          Sign In
        </Link>
        <p>
          <Link to={CLAIM_PAGE}>{CLAIM_LINK_TEXT}</Link>
        </p>
      </section>
      <section className="card" aria-labelledby="checkout-title">
        <h2 id="checkout-title">Checkout</h2>
        <p>Pay the fee offline to the society's account, quoting the payment reference you are given:</p>
        <dl className={styles.bank}>
          {bank.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <p>Or scan to pay by UPI:</p>
        <svg
          role="img"
          aria-label="UPI QR code for paying the society's fee"
          width="150"
          height="150"
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          shapeRendering="crispEdges"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <p>{joiningLate}</p>
      </section>
      <section className="card">
        <h2>Other ways</h2>
        <p>
          <a href={applicationForm} download>
            Download Application Form
          </a>{" "}
          (PDF)
        </p>
        <p>
          <a href={pricingUrl} target="_blank" rel="noopener">
            View Pricing Structure
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </section>
    </aside>
  );
}
