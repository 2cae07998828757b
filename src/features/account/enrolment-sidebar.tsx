import { Fragment } from "react";
import { Link } from "react-router";
import membership from "#content/membership.yaml";
import styles from "./account.module.css";

/** The enrolment page's sidebar: sign in, the offline payment details, the paper form, prices. */
export function EnrolmentSidebar() {
  const { bank, qrCode } = membership;
  const rows: [string, string][] = [
    ["Account name", bank.accountName],
    ["Bank", bank.bankName],
    ["Account no.", bank.accountNumber],
    ["IFSC", bank.ifsc],
    ["Branch code", bank.branchCode],
    ["Swift code", bank.swiftCode],
    ["Branch", bank.location],
  ];
  return (
    <aside className={styles.sidebar} aria-label="Membership">
      <section className="card">
        <h2>Already a member?</h2>
        <Link to="/login" className="button">
          Sign In
        </Link>
      </section>
      <section className="card" aria-labelledby="checkout-title">
        <h2 id="checkout-title">Checkout</h2>
        <p>Pay the fee offline to the society's account, quoting your application id:</p>
        <dl className={styles.bank}>
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <p>Or scan to pay by UPI:</p>
        <img src={qrCode.src} alt={qrCode.alt} width="150" height="150" />
      </section>
      <section className="card">
        <h2>Other ways</h2>
        <p>
          <a href={membership.applicationForm} download>
            Download Application Form
          </a>{" "}
          (PDF)
        </p>
        <p>
          <a href={membership.pricingUrl} target="_blank" rel="noopener">
            View Pricing Structure
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </section>
    </aside>
  );
}
