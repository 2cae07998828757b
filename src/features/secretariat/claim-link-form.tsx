import { Checkbox, FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { CLAIM_LINK_FIELDS as F } from "#shared/forms/secretariat-fields.ts";
import { applicationAction } from "#shared/secretariat-paths.ts";

/**
 * 'Send the claim link to a new address': for a register member who has not claimed the website
 * account and whose address on the register is out of date. The office checks the new address
 * with the member first (by phone, or a letter): the account moves to it and only it gets the link.
 */
export function ClaimLinkForm({
  applicationKey,
  memberNo,
  email,
}: {
  applicationKey: string;
  memberNo: string;
  email: string;
}) {
  const form = usePageForm("claim-link", { rules: F });
  return (
    <PageForm
      form={form}
      action={applicationAction(applicationKey, "claim-link")}
      className="ws-card ws-form"
    >
      <h3>Send the claim link to a new address</h3>
      <p>
        {`Member ${memberNo} has not yet set a password for the website account. The link goes to the account's address (${email}) when the member asks for it. If that address is out of date, enter the one you have checked with the member: the account moves to it, and the link goes there alone.`}
      </p>
      <TextField name="email" rule={F.email} />
      <Checkbox name="checked" rule={F.checked} required />
      <button type="submit" disabled={form.sending}>
        {form.sending ? "Sending..." : "Send the claim link"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.sending ? "Sending..." : form.status.message} />
    </PageForm>
  );
}
