import { Link } from "react-router";
import type { MembershipPanelData, PaymentDueData } from "#shared/api/membership.ts";
import styles from "./membership-panel.module.css";

/**
 * The membership part of the account page: type, member number, status, the period paid for and
 * what to pay next, with its reference, the bank details, a UPI link and its QR code, all worded
 * on the server (membership-panel.server.ts).
 */
export function MembershipPanel({ panel }: { panel: MembershipPanelData }) {
  // The id: the old /account/membership address lands on /account#membership (routes/moved.ts).
  return (
    <section id="membership" className={`card ${styles.panel}`} aria-labelledby="membership-title">
      <h2 id="membership-title">{panel.title}</h2>
      <dl>
        <Row label={panel.typeLabel}>{panel.type}</Row>
        {panel.memberNumber && <Row label="Member number">{panel.memberNumber}</Row>}
        <Row label="Status">
          <strong data-membership-status={panel.status}>{panel.statusLine}</strong>
        </Row>
        {panel.lifeFee && (
          <>
            {/* Split as the receipt and the mails split it: the registration fee is not part of the life fee. */}
            <Row label="Registration fee">{panel.lifeFee.registration}</Row>
            <Row label="Life membership fee">{panel.lifeFee.fee}</Row>
            <Row label="Total">{panel.lifeFee.total}</Row>
            <Row label="Paid so far">{panel.lifeFee.paid}</Row>
            <Row label="Still owed">{panel.lifeFee.owed}</Row>
          </>
        )}
        {panel.period && <Row label="Paid for">{panel.period}</Row>}
      </dl>
      {panel.note && <p>{panel.note}</p>}
      {panel.rejection && (
        <>
          <p>
            The secretariat could not accept your application {panel.rejection.applicationId}
            {panel.rejection.on && ` on ${panel.rejection.on}`}. The reason given:
          </p>
          <blockquote data-rejection-reason="">
            {panel.rejection.reason.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </blockquote>
          <p>
            There is nothing to pay. If you have a question, or think this is a mistake,{" "}
            <Link to="/contact-us">write to the secretariat</Link>.
          </p>
        </>
      )}
      {panel.payments.length > 0 && <PaymentsReceived payments={panel.payments} />}
      {panel.due && <PaymentDue due={panel.due} />}
    </section>
  );
}

/** The member's receipts: each payment the society confirmed, oldest first. */
function PaymentsReceived({ payments }: { payments: MembershipPanelData["payments"] }) {
  return (
    <>
      <h3 id="payments-received">Payments received</h3>
      <table className={styles.payments} aria-labelledby="payments-received">
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Amount</th>
            <th scope="col">Received on</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.reference}>
              <td>{payment.reference}</td>
              <td>{payment.amount}</td>
              <td>
                {payment.receivedOn}
                {/* The day the office recorded it, when later: both are the society's record (decision 0048). */}
                {payment.recordedOn !== payment.receivedOn && (
                  <span className={styles.recorded}>recorded {payment.recordedOn}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Paying online (decision 0052), when the site takes it: a plain form to the payment page with the
 * reference alone (the server decides the amount), or why this payment cannot be paid so.
 */
function PayOnline({ due, online }: { due: PaymentDueData; online: NonNullable<PaymentDueData["online"]> }) {
  return (
    <>
      <h4>Online</h4>
      <p data-pay-online-note="">{online.note}</p>
      {online.payable && (
        <form method="post" action="/pay">
          <input type="hidden" name="reference" value={due.reference} />
          <button type="submit" className="button" data-pay-online="">
            Pay {due.total} online
          </button>
        </form>
      )}
    </>
  );
}

/** What to pay next and the ways to pay it: the reference to quote, the bank, a UPI link and its QR code. */
export function PaymentDue({ due }: { due: PaymentDueData }) {
  return (
    <>
      <h3 id="membership-next">What to pay next</h3>
      <p>
        {due.title}
        {due.dueLine && ` ${due.dueLine}`}
      </p>
      <table aria-labelledby="membership-next">
        <tbody>
          {due.items.map((item) => (
            <tr key={item.label}>
              <th scope="row">{item.label}</th>
              <td>{item.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-payment-amount="">{due.total}</td>
          </tr>
        </tfoot>
      </table>
      <p>
        Payment reference: <strong data-payment-reference="">{due.reference}</strong>
      </p>
      <p>Quote this reference with your payment, so the treasurer can match it to you.</p>
      {due.online && <PayOnline due={due} online={due.online} />}
      <h4>By bank transfer</h4>
      <dl>
        {due.bank.map(([label, value]) => (
          <Row key={label} label={label}>
            {value}
          </Row>
        ))}
      </dl>
      <h4>By UPI</h4>
      <p>
        <a href={due.upiLink}>{due.upiLabel}</a>
      </p>
      <figure>
        <svg
          role="img"
          aria-label={`UPI QR code for payment ${due.reference}`}
          width="180"
          height="180"
          viewBox={`0 0 ${due.qr.size} ${due.qr.size}`}
          shapeRendering="crispEdges"
        >
          <rect width={due.qr.size} height={due.qr.size} fill="#fff" />
          <path d={due.qr.path} fill="#000" />
        </svg>
        <figcaption>{due.qrCaption}</figcaption>
      </figure>
    </>
  );
}
