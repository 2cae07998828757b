import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { useForm } from "#components/forms/use-form.ts";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { forgetSession, useSession } from "#components/session/session-store.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import { CLOSE_ACCOUNT_FORM } from "#shared/forms/own-data-fields.ts";
import { loginReturningTo } from "#shared/return-path.ts";
import styles from "./account.module.css";
import own from "./own-data.module.css";

/**
 * 'My data': a download of everything the site holds about the member (a plain link: the function
 * answers with an attachment), and closing the account (a plain form too). Both work before the
 * session is known and without JavaScript: the server checks the session.
 */
export function MyDataView() {
  const session = useSession();
  // Closing signs the member out: that is not a reason to send them to the login page.
  const [closed, setClosed] = useState(false);
  if (session.kind === "signed-out" && !closed)
    return <Navigate to={loginReturningTo("/account/my-data")} replace />;
  return (
    <>
      <section className={`card ${own.section}`} aria-labelledby="download-title">
        <h2 id="download-title">Download my data</h2>
        <p>
          One file (JSON) with your account (never your password), your applications, payments recorded, the
          messages and corrections you sent from your address, and your directory entry with the details you
          chose to hide.
        </p>
        <p>
          <a className="button" href="/api/account/my-data" download>
            Download my data
          </a>
        </p>
      </section>
      <CloseAccountForm onClosed={() => setClosed(true)} />
    </>
  );
}

function CloseAccountForm({ onClosed }: { onClosed: () => void }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/account/close",
    rules: CLOSE_ACCOUNT_FORM,
    answer: formAcceptedSchema,
    onAccepted: () => {
      onClosed();
      forgetSession();
      navigate("/account/closed");
      return undefined;
    },
  });
  return (
    <form
      method="post"
      action="/api/account/close"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className={`card ${styles.form} ${styles.narrow} ${own.section}`}
      aria-labelledby="close-title"
    >
      <h2 id="close-title">Close my account</h2>
      <p>
        Closing deletes your website account and signs you out everywhere. Your application stays with the
        society as its record of your membership, and the secretariat is told. Closing the account does not
        end your membership of the society: write to the secretariat for that.
      </p>
      <TextField name="password" rule={CLOSE_ACCOUNT_FORM.password} errors={errors} />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Closing..." : "Close my account"}
      </button>
      <FormStatusLine kind={status.kind} message={status.message} />
    </form>
  );
}
