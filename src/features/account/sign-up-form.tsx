import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import fieldStyles from "#components/forms/fields.module.css";
import { Checkbox, optionsFor, SelectField, TextArea, TextField } from "#components/forms/fields.tsx";
import { FormGuard } from "#components/forms/form-guard.tsx";
import { type FormStatus, useForm } from "#components/forms/use-form.ts";
import { HydrationTurn } from "#components/layout/hydration-turn.tsx";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { APPLICATION_ID, ENROLLED_MESSAGE } from "#shared/account.ts";
import { type EnrolledAnswer, enrolledSchema } from "#shared/api/account.ts";
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
import { enrolmentProblems, ENROLMENT_FIELDS as F, PASSWORD_HINT } from "#shared/forms/enrolment-fields.ts";
import styles from "./account.module.css";
import { EnrolmentReceipt } from "./enrolment-receipt.tsx";

type Receipt = { applicationId: string | null; needsPayment: boolean | null };

/** What a no-JavaScript post came back to (`?status=` after the function's redirect). */
const RETURNED: Record<string, FormStatus> = {
  sent: { kind: "sent", message: ENROLLED_MESSAGE },
  invalid: {
    kind: "error",
    message: "Your application could not be sent: please check each field and try again.",
  },
};

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
 * The enrolment form. Without JavaScript it is a plain POST to /api/enrol, which redirects back
 * with ?status= (or answers this page filled in with the errors); with it, the fields are checked
 * with the same rules as the server's schema first, then sent as JSON, and the answer and any
 * field errors are shown in place.
 */
export function SignUpForm({
  returned,
  returnedId,
}: {
  returned: string | null;
  returnedId?: string | null;
}) {
  const hydrated = useHydrated();
  const [receipt, setReceipt] = useState<Receipt>({
    applicationId: returnedId && APPLICATION_ID.test(returnedId) ? returnedId : null,
    needsPayment: null,
  });
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/enrol",
    rules: F,
    answer: enrolledSchema,
    check: checkTogether,
    unreachable: "Your application could not be sent. Please check your connection and try again.",
    initial: RETURNED[returned ?? ""],
    onAccepted: ({ applicationId, needsPayment }: EnrolledAnswer, form) => {
      form.reset();
      setCountry(DEFAULT_COUNTRY);
      setReceipt({ applicationId, needsPayment });
      return undefined;
    },
  });

  // The country is what its select shows, and the State field and the PIN keyboard follow it. The
  // select is not controlled: a choice made before hydration (or refilled by a refused plain
  // post) stays, and is read once the form hydrates. Later choices reach the form as they bubble,
  // even while the address fieldset is still waiting for its hydration turn.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const select = form.current?.elements.namedItem("country");
    if (select instanceof HTMLSelectElement && select.value) setCountry(select.value);
  }, []);
  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (target instanceof HTMLSelectElement && target.name === "country") setCountry(target.value);
  }

  const common = { errors };
  const inIndia = country === "India";
  return (
    <form
      ref={form}
      method="post"
      action="/api/enrol"
      noValidate={hydrated}
      onSubmit={onSubmit}
      onChange={onChange}
      className={styles.form}
    >
      <FormGuard />
      {/* Each fieldset hydrates in a task of its own: the whole form in one was a long task. */}
      <HydrationTurn>
        <fieldset>
          <legend>Personal Details</legend>
          <div className={styles.grid}>
            <SelectField name="membership" rule={F.membership} defaultValue="" required {...common}>
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
              {optionsFor(JOURNAL_FORMATS)}
            </SelectField>
            <TextField name="name" rule={F.name} {...common} />
            <TextField name="designation" rule={F.designation} {...common} />
            <TextField name="dob" rule={F.dob} placeholder="YYYY-MM-DD" inputMode="numeric" {...common} />
            <SelectField name="gender" label="Gender" defaultValue="" {...common}>
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
            {...common}
          >
            {optionsFor(LANGUAGES)}
          </SelectField>
        </fieldset>
      </HydrationTurn>

      <HydrationTurn>
        <fieldset>
          <legend>Address</legend>
          <TextArea name="address" rule={F.address} rows={3} {...common} />
          <div className={styles.grid}>
            <SelectField
              name="country"
              label="Country"
              defaultValue={DEFAULT_COUNTRY}
              autoComplete="country-name"
              {...common}
            >
              {optionsFor(COUNTRIES)}
            </SelectField>
            <SelectField name="state" label="State" defaultValue="" {...common}>
              <option value="">{inIndia ? "Select state or union territory" : "Not in India"}</option>
              <optgroup label="States">{optionsFor(INDIAN_STATES)}</optgroup>
              <optgroup label="Union territories">{optionsFor(UNION_TERRITORIES)}</optgroup>
            </SelectField>
            <TextField name="city" rule={F.city} {...common} />
            <TextField name="pincode" rule={F.pincode} inputMode={inIndia ? "numeric" : "text"} {...common} />
            <TextField name="phone" rule={F.phone} {...common} />
            <TextField name="mobile" rule={F.mobile} {...common} />
          </div>
        </fieldset>
      </HydrationTurn>

      <HydrationTurn>
        <fieldset>
          <legend>Login Details</legend>
          <TextField name="email" rule={F.email} {...common} />
          <div className={styles.grid}>
            <TextField name="password" rule={F.password} hint={PASSWORD_HINT} {...common} />
            <TextField name="confirmPassword" rule={F.confirmPassword} {...common} />
          </div>
        </fieldset>
      </HydrationTurn>

      <HydrationTurn>
        <fieldset>
          <legend>Other Details</legend>
          <Checkbox name="author" label="I am an author" {...common} />
          <Checkbox name="reviewer" label="I am a reviewer" {...common} />
          <TextArea name="areasOfInterest" rule={F.areasOfInterest} rows={4} {...common} />
          <Checkbox name="agreement" rule={F.agreement} required {...common}>
            <span className={fieldStyles.hint}>
              (the <Link to="/rules">Society Rules</Link>)
            </span>
          </Checkbox>
        </fieldset>
      </HydrationTurn>

      <button type="submit" className="button" disabled={sending}>
        {sending ? "Sending..." : "Pay Offline"}
      </button>
      <p
        role="status"
        className={
          status.kind === "error" ? "error-text" : status.kind === "sent" ? styles.sent : styles.note
        }
      >
        {sending ? "Sending your application..." : status.message}
      </p>
      {status.kind === "sent" && <EnrolmentReceipt {...receipt} />}
    </form>
  );
}
