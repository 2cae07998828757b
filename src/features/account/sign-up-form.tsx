import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import fieldStyles from "#components/forms/fields.module.css";
import {
  Checkbox,
  FormStatusLine,
  optionsFor,
  SelectField,
  TextArea,
  TextField,
} from "#components/forms/fields.tsx";
import { FormGuard } from "#components/forms/form-guard.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { ALREADY_A_MEMBER, CLAIM_LINK_TEXT, CLAIM_PAGE } from "#shared/account-claim.ts";
import { DEFAULT_COUNTRY, DEFAULT_FORMAT, GENDERS, JOURNAL_FORMATS } from "#shared/enrolment-options.ts";
import { enrolmentProblems, ENROLMENT_FIELDS as F, PASSWORD_HINT } from "#shared/forms/enrolment-fields.ts";
import { MEMBERSHIP_TYPES, NO_MEMBERSHIP, NO_MEMBERSHIP_LABEL } from "#shared/membership/types.ts";
import styles from "./account.module.css";

/** The checks the browser's own cannot make (two fields together, a date that exists, a common password). */
function checkTogether(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  return enrolmentProblems({
    membership: text("membership"),
    author: data.has("author"),
    reviewer: data.has("reviewer"),
    dob: text("dob"),
    country: text("country"),
    pincode: text("pincode"),
    phone: text("phone"),
    mobile: text("mobile"),
    password: String(data.get("password") ?? ""),
    confirmPassword: String(data.get("confirmPassword") ?? ""),
  });
}

/**
 * The long lists of the form's choices (SPEC section 9: 135 languages, 194 countries, the states and
 * union territories), handed in by the page's loader: data in the page, not code in its script, so
 * the sign-up page stays within its script budget (decision 0027).
 */
export type EnrolmentChoices = {
  languages: readonly string[];
  countries: readonly string[];
  states: readonly string[];
  territories: readonly string[];
};

/**
 * The enrolment form, posted to the sign-up page's action ('Pay Offline'): checked first with the
 * same rules as the server's schema; received, the page comes back as the confirmation of what was
 * received and what to pay; refused, each error shows beside its field.
 */
export function SignUpForm({ formToken, choices }: { formToken: string; choices: EnrolmentChoices }) {
  const form = usePageForm("enrolment", { rules: F, check: checkTogether });
  const typedCountry = form.values.country;
  const [country, setCountry] = useState<string>(
    typeof typedCountry === "string" ? typedCountry : DEFAULT_COUNTRY,
  );
  // A country chosen before the page hydrated is in the select, not in the state: read it there.
  useEffect(() => {
    const select = form.formRef.current?.elements.namedItem("country");
    if (select instanceof HTMLSelectElement) setCountry(select.value);
  }, [form.formRef]);
  // The State field and the PIN keyboard follow the country the select shows.
  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (target instanceof HTMLSelectElement && target.name === "country") setCountry(target.value);
  }
  const inIndia = country === "India";
  return (
    <PageForm form={form} onChange={onChange} className={styles.form} aria-label="Enrollment form">
      <FormGuard token={formToken} />
      {form.refusal?.message === ALREADY_A_MEMBER && (
        <p className={styles.claim}>
          <Link to={CLAIM_PAGE}>{CLAIM_LINK_TEXT}</Link>
        </p>
      )}
      <fieldset>
        <legend>Personal Details</legend>
        <div className={styles.grid}>
          <SelectField name="membership" rule={F.membership} defaultValue="" required>
            <option value="">Choose a membership type</option>
            {MEMBERSHIP_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
            <option value={NO_MEMBERSHIP}>{NO_MEMBERSHIP_LABEL}</option>
          </SelectField>
          <SelectField
            name="format"
            label="Journal Format"
            defaultValue={DEFAULT_FORMAT}
            disabled
            hint="The journal is sent as a soft copy."
          >
            {optionsFor(JOURNAL_FORMATS)}
          </SelectField>
          <TextField name="name" rule={F.name} />
          <TextField name="designation" rule={F.designation} />
          <TextField name="dob" rule={F.dob} placeholder="YYYY-MM-DD" inputMode="numeric" />
          <SelectField name="gender" label="Gender" defaultValue="">
            <option value="">Select gender</option>
            {optionsFor(GENDERS)}
          </SelectField>
        </div>
        <SelectField
          name="indianLanguages"
          label="Languages Known"
          multiple
          size={6}
          hint="Hold Ctrl (Cmd on a Mac) to choose several."
        >
          {optionsFor(choices.languages)}
        </SelectField>
      </fieldset>

      <fieldset>
        <legend>Address</legend>
        <TextArea name="address" rule={F.address} rows={3} />
        <div className={styles.grid}>
          <SelectField
            name="country"
            label="Country"
            defaultValue={DEFAULT_COUNTRY}
            autoComplete="country-name"
          >
            {optionsFor(choices.countries)}
          </SelectField>
          <SelectField name="state" label="State" defaultValue="">
            <option value="">{inIndia ? "Select state or union territory" : "Not in India"}</option>
            <optgroup label="States">{optionsFor(choices.states)}</optgroup>
            <optgroup label="Union territories">{optionsFor(choices.territories)}</optgroup>
          </SelectField>
          <TextField name="city" rule={F.city} />
          <TextField name="pincode" rule={F.pincode} inputMode={inIndia ? "numeric" : "text"} />
          <TextField name="phone" rule={F.phone} />
          <TextField name="mobile" rule={F.mobile} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Login Details</legend>
        <TextField name="email" rule={F.email} />
        <div className={styles.grid}>
          <TextField name="password" rule={F.password} hint={PASSWORD_HINT} />
          <TextField name="confirmPassword" rule={F.confirmPassword} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Other Details</legend>
        <Checkbox name="author" label="I am an author" />
        <Checkbox name="reviewer" label="I am a reviewer" />
        <TextArea name="areasOfInterest" rule={F.areasOfInterest} rows={4} />
        <Checkbox name="agreement" rule={F.agreement} required>
          <span className={fieldStyles.hint}>
            (the <Link to="/rules">Society Rules</Link>, and our <Link to="/privacy">privacy notice</Link>:
            what we do with your data, who sees it and how long we keep it)
          </span>
        </Checkbox>
      </fieldset>

      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Sending..." : "Pay Offline"}
      </button>
      <FormStatusLine
        kind={form.status.kind}
        message={form.sending ? "Sending your application..." : form.status.message}
      />
    </PageForm>
  );
}
