import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { PrivacyNote } from "#components/forms/privacy-note.tsx";
import { SECRETARIAT_NOT_CLOSED } from "#shared/account-recovery.ts";
import { CLOSE_ACCOUNT_FORM } from "#shared/forms/own-data-fields.ts";
import styles from "./account.module.css";
import own from "./own-data.module.css";

/**
 * 'My data': a download of everything the site holds about the member (a plain link: the function
 * answers with an attachment), and closing the account, posted to the page's action.
 */
export function MyDataView({ closable = true }: { closable?: boolean }) {
  return (
    <>
      <section className={`card ${own.section}`} aria-labelledby="download-title">
        <h2 id="download-title">Download my data</h2>
        <p>
          One file (JSON) with your account (never your password), your applications, payments recorded, the
          messages and corrections you sent from your address, and your directory entry with the details you
          chose to hide.
        </p>
        <PrivacyNote />
        <p>
          <a className="button" href="/api/account/my-data" download>
            Download my data
          </a>
        </p>
      </section>
      {closable ? (
        <CloseAccountForm />
      ) : (
        <section className={`card ${own.section}`} aria-labelledby="close-title">
          <h2 id="close-title">Close my account</h2>
          <p>{SECRETARIAT_NOT_CLOSED}</p>
        </section>
      )}
    </>
  );
}

function CloseAccountForm() {
  const form = usePageForm("close-account", { rules: CLOSE_ACCOUNT_FORM });
  return (
    <PageForm
      form={form}
      className={`card ${styles.form} ${styles.narrow} ${own.section}`}
      aria-labelledby="close-title"
    >
      <h2 id="close-title">Close my account</h2>
      <p>
        Closing deletes your website account and signs you out everywhere. Your application and your
        membership's record, with its payments, stay with the society, and the secretariat is told. Closing
        the account does not end your membership of the society: write to the secretariat for that.
      </p>
      <TextField name="password" rule={CLOSE_ACCOUNT_FORM.password} />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Closing..." : "Close my account"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}
