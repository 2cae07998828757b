import { Link } from "react-router";
import { APPLICATIONS_PATH } from "#shared/secretariat-paths.ts";
import { ClaimLinkForm } from "./claim-link-form.tsx";
import { DataTable, RecordList, type Rows } from "./parts.tsx";
import {
  type FirstPayment,
  type LaterPayments,
  PaymentReceivedForm,
  RecordPaymentForm,
  RejectForm,
  ReopenForm,
} from "./payment-forms.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

/** One of the e-mails sent about the application: when, what, to whom, and whether it went out. */
export type MailLine = {
  /** Unique among the application's mails: its submission and its name there. */
  key: string;
  text: string;
  status: string;
  failed: boolean;
  lastError: string | null;
};

export type ApplicationView = {
  applicationKey: string;
  /** A register member who has not claimed the website account: the claim link form. */
  claim?: { memberNo: string; email: string } | null;
  applicationId: string;
  record: Rows;
  /** What the office should know before acting (an address not yet confirmed), or null. */
  note: string | null;
  payment: Rows | null;
  rejected: Rows | null;
  /** Rejections undone by 'Reopen', oldest first. */
  pastRejections: Rows[];
  confirmedPayments: {
    reference: string;
    amount: string;
    receivedOn: string;
    recordedOn: string;
    bankReference: string;
  }[];
  /** What can be done now: the first payment or a rejection, a later payment, a reopening, or nothing. */
  actions: { first: FirstPayment } | { later: LaterPayments } | { reopen: true } | null;
  /** Every field of the application as sent (empty: its record is not stored). */
  fields: Rows;
  /** Every e-mail the site sent about it, oldest first. */
  mails: MailLine[];
  history: string[];
};

/** One application in full, with its e-mails, payments, history and the actions it allows. */
export function ApplicationPage(view: ApplicationView) {
  const { actions } = view;
  return (
    <WorkspacePage title={`Application ${view.applicationId}`}>
      <p>
        <Link to={APPLICATIONS_PATH}>All applications</Link>
      </p>
      <RecordList rows={view.record} />
      {view.note && <p className="ws-flash">{view.note}</p>}
      {view.payment && (
        <>
          <h2>Payment</h2>
          <RecordList rows={view.payment} />
        </>
      )}
      {view.rejected && (
        <>
          <h2>Rejected</h2>
          <RecordList rows={view.rejected} />
        </>
      )}
      {view.pastRejections.length > 0 && (
        <>
          <h2>Rejected before, then reopened</h2>
          {view.pastRejections.map((rows) => (
            <RecordList key={rows.map(([, value]) => value).join("|")} rows={rows} />
          ))}
        </>
      )}
      {view.confirmedPayments.length > 0 && (
        <>
          <h2>Payments confirmed</h2>
          <DataTable
            caption="Payments confirmed"
            head={["Reference", "Amount", "Received on", "Recorded on", "Bank reference"]}
          >
            {view.confirmedPayments.map((payment) => (
              <tr key={payment.reference}>
                <td>{payment.reference}</td>
                <td>{payment.amount}</td>
                <td>{payment.receivedOn}</td>
                <td>{payment.recordedOn}</td>
                <td>{payment.bankReference}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      {actions && (
        <>
          <h2>Actions</h2>
          <div className="ws-actions">
            {"first" in actions ? (
              <>
                <PaymentReceivedForm applicationKey={view.applicationKey} due={actions.first} />
                <RejectForm applicationKey={view.applicationKey} />
              </>
            ) : "later" in actions ? (
              <RecordPaymentForm applicationKey={view.applicationKey} due={actions.later} />
            ) : (
              <ReopenForm applicationKey={view.applicationKey} />
            )}
          </div>
        </>
      )}
      {view.claim && (
        <>
          <h2>Website account not yet claimed</h2>
          <ClaimLinkForm applicationKey={view.applicationKey} {...view.claim} />
        </>
      )}
      <h2>The application as sent</h2>
      {view.fields.length > 0 ? (
        <RecordList rows={view.fields} />
      ) : (
        <p>The application's record is not stored.</p>
      )}
      <h2>Its e-mails</h2>
      {view.mails.length > 0 ? (
        <ul>
          {view.mails.map((mail) => (
            <li key={mail.key}>
              {mail.text}: <span className={mail.failed ? "ws-failed" : undefined}>{mail.status}</span>
              {mail.lastError && ` (${mail.lastError})`}
            </li>
          ))}
        </ul>
      ) : (
        <p>None yet.</p>
      )}
      <h2>History</h2>
      {view.history.length > 0 ? (
        <ul>
          {view.history.map((line, index) => (
            // Lines of the log never change: their place is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>No workspace action yet.</p>
      )}
    </WorkspacePage>
  );
}
