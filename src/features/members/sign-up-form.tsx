import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import fieldStyles from "#components/forms/fields.module.css";
import { FormGuard } from "#components/forms/form-guard.tsx";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  DEFAULT_FORMAT,
  GENDERS,
  INDIAN_STATES,
  JOURNAL_FORMATS,
  LANGUAGES,
  MEMBERSHIP_TYPES,
  NO_MEMBERSHIP,
  NO_MEMBERSHIP_LABEL,
  UNION_TERRITORIES,
} from "#shared/enrolment-options.ts";
import { withoutGuardFields } from "#shared/form-guard.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#shared/forms/password-rules.ts";
import { APPLICATION_ID, ENROLLED_MESSAGE } from "#shared/members.ts";
import { EnrolmentReceipt } from "./enrolment-receipt.tsx";
import { Checkbox, type Errors, SelectField, TextArea, TextField } from "./fields.tsx";
import { formFields, postJson, text } from "./form-data.ts";
import styles from "./members.module.css";

type Status = { kind: "idle" | "sending" | "sent" | "error"; message: string };
type Receipt = { applicationId: string | null; needsPayment: boolean | null };

/** What a no-JavaScript post came back to (`?status=` after the function's redirect). */
const RETURNED: Record<string, Status> = {
  sent: { kind: "sent", message: ENROLLED_MESSAGE },
  invalid: {
    kind: "error",
    message: "Your application could not be sent: please check each field and try again.",
  },
};

/**
 * The enrolment form. Without JavaScript it is a plain POST to /api/enrol, which redirects back
 * with ?status=; with it, the fields are checked with the server's own schema first, then sent as
 * JSON, and the answer and any field errors are shown in place.
 */
export function SignUpForm({
  returned,
  returnedId,
}: {
  returned: string | null;
  returnedId?: string | null;
}) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>(RETURNED[returned ?? ""] ?? { kind: "idle", message: "" });
  const [receipt, setReceipt] = useState<Receipt | null>(
    returned === "sent"
      ? {
          applicationId: returnedId && APPLICATION_ID.test(returnedId) ? returnedId : null,
          needsPayment: null,
        }
      : null,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = formFields(form);
    // The form's schema (and zod with it) loads when the form is sent, not with the page: it is
    // most of a page's script otherwise, and the server checks everything again anyway.
    const [{ enrolmentSchema }, { fieldErrors }] = await Promise.all([
      import("#shared/schemas/enrolment.ts"),
      import("#shared/schemas/fields.ts"),
    ]);
    const checked = enrolmentSchema.safeParse(withoutGuardFields(fields));
    if (!checked.success)
      return showErrors(form, fieldErrors(checked.error), "Please correct the highlighted fields.");
    setErrors({});
    setReceipt(null);
    setStatus({ kind: "sending", message: "Sending your application..." });
    try {
      const { ok, body } = await postJson("/api/enrol", fields);
      if (ok) {
        form.reset();
        setCountry(DEFAULT_COUNTRY);
        setStatus({ kind: "sent", message: text(body.message) ?? ENROLLED_MESSAGE });
        const id = text(body.applicationId);
        setReceipt({
          applicationId: id && APPLICATION_ID.test(id) ? id : null,
          needsPayment: typeof body.needsPayment === "boolean" ? body.needsPayment : null,
        });
      } else {
        const found = (body.fields ?? {}) as Errors;
        showErrors(form, found, text(body.error) ?? "Your application could not be sent. Please try again.");
      }
    } catch {
      setStatus({
        kind: "error",
        message: "Your application could not be sent. Please check your connection and try again.",
      });
    }
  }

  function showErrors(form: HTMLFormElement, found: Errors, message: string) {
    setErrors(found);
    setStatus({ kind: "error", message });
    const first = Object.keys(found)[0];
    const control = first ? form.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  }

  const common = { errors };
  const inIndia = country === "India";
  return (
    <form method="post" action="/api/enrol" noValidate={hydrated} onSubmit={onSubmit} className={styles.form}>
      <FormGuard />
      <fieldset>
        <legend>Personal Details</legend>
        <div className={styles.grid}>
          <SelectField name="membership" label="Membership Type" defaultValue="" required {...common}>
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
            {...common}
          >
            {JOURNAL_FORMATS.map((format) => (
              <option key={format}>{format}</option>
            ))}
          </SelectField>
          <TextField name="name" label="Full Name" autoComplete="name" required maxLength={200} {...common} />
          <TextField
            name="designation"
            label="Designation/Position"
            autoComplete="organization-title"
            required
            maxLength={200}
            {...common}
          />
          <TextField
            name="dob"
            label="Date of Birth"
            placeholder="YYYY-MM-DD"
            autoComplete="bday"
            inputMode="numeric"
            pattern="\d{4}-\d{2}-\d{2}"
            required
            maxLength={10}
            {...common}
          />
          <SelectField name="gender" label="Gender" defaultValue="" {...common}>
            <option value="">Select gender</option>
            {GENDERS.map((gender) => (
              <option key={gender}>{gender}</option>
            ))}
          </SelectField>
        </div>
        <SelectField
          name="indianLanguages"
          label="Languages Known"
          multiple
          size={6}
          hint="Hold Ctrl (Cmd on a Mac) to choose several."
          {...common}
        >
          {LANGUAGES.map((language) => (
            <option key={language}>{language}</option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset>
        <legend>Address</legend>
        <TextArea
          name="address"
          label="Office Address"
          rows={3}
          required
          maxLength={500}
          autoComplete="street-address"
          {...common}
        />
        <div className={styles.grid}>
          <SelectField
            name="country"
            label="Country"
            value={country}
            onChange={(event) => setCountry(event.target.value)}
            autoComplete="country-name"
            {...common}
          >
            {COUNTRIES.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </SelectField>
          <SelectField name="state" label="State" defaultValue="" {...common}>
            <option value="">{inIndia ? "Select state or union territory" : "Not in India"}</option>
            <optgroup label="States">
              {INDIAN_STATES.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </optgroup>
            <optgroup label="Union territories">
              {UNION_TERRITORIES.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </optgroup>
          </SelectField>
          <TextField
            name="city"
            label="City"
            autoComplete="address-level2"
            required
            maxLength={100}
            {...common}
          />
          <TextField
            name="pincode"
            label="PIN Code"
            autoComplete="postal-code"
            inputMode={inIndia ? "numeric" : "text"}
            required
            maxLength={12}
            {...common}
          />
          <TextField
            name="phone"
            label="Office Phone"
            type="tel"
            autoComplete="work tel"
            required
            maxLength={25}
            {...common}
          />
          <TextField
            name="mobile"
            label="Mobile"
            type="tel"
            autoComplete="mobile tel"
            required
            maxLength={25}
            {...common}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>Login Details</legend>
        <TextField
          name="email"
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...common}
        />
        <div className={styles.grid}>
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            hint={`At least ${PASSWORD_MIN} characters; not a common password.`}
            {...common}
          />
          <TextField
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            {...common}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>Other Details</legend>
        <Checkbox name="author" label="I am an author" {...common} />
        <Checkbox name="reviewer" label="I am a reviewer" {...common} />
        <TextArea name="areasOfInterest" label="Areas of Interest" rows={4} maxLength={2000} {...common} />
        <Checkbox name="agreement" label="I agree to the terms and conditions" required {...common}>
          <span className={fieldStyles.hint}>
            (the <Link to="/rules">Society Rules</Link>)
          </span>
        </Checkbox>
      </fieldset>

      <button type="submit" className="button" disabled={status.kind === "sending"}>
        {status.kind === "sending" ? "Sending..." : "Pay Offline"}
      </button>
      <p
        role="status"
        className={
          status.kind === "error" ? "error-text" : status.kind === "sent" ? styles.sent : styles.note
        }
      >
        {status.message}
      </p>
      {receipt && <EnrolmentReceipt {...receipt} />}
    </form>
  );
}
