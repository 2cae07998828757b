import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { CLAIM_LINK_REFUSALS, type ClaimRefusal } from "#shared/account-claim.ts";
import { RESET_FIELDS as F, PASSWORD_HINT } from "#shared/forms/account-recovery-fields.ts";
import styles from "./account.module.css";
import { ClaimAccountForm } from "./claim-account-form.tsx";
import { passwordsMatch } from "./reset-password-page.tsx";

type Props = { token: string | null; refusal: ClaimRefusal | null; memberNo: string | null };

/**
 * The claim link's page: the member's first password, twice, posted with the link's token. A link
 * that has expired, been used, been replaced by a newer one or is not genuine says why, with the
 * offer of a fresh link.
 */
export function ClaimPasswordPage({ token, refusal, memberNo }: Props) {
  const form = usePageForm("claim-password", { rules: F, check: passwordsMatch });
  if (refusal || !token)
    return (
      <section aria-labelledby="fresh-claim-title">
        <p role="alert" className="error-text">
          {CLAIM_LINK_REFUSALS[refusal ?? "invalid"]}
        </p>
        <h2 id="fresh-claim-title">Get a fresh link</h2>
        <p>Enter the address the society has for you and we will send a new link to it.</p>
        <ClaimAccountForm title="Get a fresh link" />
      </section>
    );
  return (
    <>
      {memberNo && (
        <p className="prose">{`Member number ${memberNo}: choose the password you will sign in with.`}</p>
      )}
      <PageForm form={form} className={`${styles.form} ${styles.narrow}`} aria-label="Set your password">
        <input type="hidden" name="token" value={token} />
        <TextField name="password" rule={F.password} hint={PASSWORD_HINT} />
        <TextField name="confirmPassword" rule={F.confirmPassword} />
        <button type="submit" className="button" disabled={form.sending}>
          {form.sending ? "Saving..." : "Set my password"}
        </button>
        <FormStatusLine kind={form.status.kind} message={form.sending ? "Saving..." : form.status.message} />
      </PageForm>
    </>
  );
}
