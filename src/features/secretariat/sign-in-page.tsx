import { useLocation } from "react-router";
import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { PASSWORD_LINK_FIELDS as F } from "#shared/forms/secretariat-fields.ts";
import { SIGN_IN_PATH } from "#shared/secretariat-paths.ts";
import { BareFrame, FlashLine } from "./workspace-frame.tsx";

/**
 * The workspace's way in, open to anyone: how to sign in, and the form that mails a listed
 * address its set-your-password link (the same answer for every address).
 */
export function SignInPage() {
  const form = usePageForm("password-link", { rules: F });
  // After a link is asked for, the page comes back (?done=link-sent) with the form empty again.
  const { key } = useLocation();
  return (
    <BareFrame title="Secretariat sign-in">
      <p>
        The secretariat signs in on the site's <a href="/login">login page</a> with its workspace address and
        password, and lands in the workspace.
      </p>
      <FlashLine />
      <h2>First time, or forgotten password?</h2>
      <p>Enter a secretariat address and we will e-mail it a link to set its password.</p>
      <PageForm key={key} form={form} action={SIGN_IN_PATH} className="ws-form">
        <TextField name="email" rule={F.email} />
        <button type="submit" disabled={form.sending}>
          E-mail me a link
        </button>
        <FormStatusLine kind={form.status.kind} message={form.status.message} />
      </PageForm>
    </BareFrame>
  );
}
