import { lazy, Suspense } from "react";
import { postToServer } from "#components/forms/client-action.ts";
import styles from "#features/account/account.module.css";
import { EnrolmentSidebar } from "#features/account/enrolment-sidebar.tsx";
import { SignUpForm } from "#features/account/sign-up-form.tsx";
import { pageForm } from "#server/forms/page-form.server.ts";
import { enrolmentForm } from "#server/membership/enrolment-form.server.ts";
import { membershipContent } from "#server/membership/membership-content.server.ts";
import { applicationDue, firstPeriod, joiningLate } from "#server/membership/membership-panel.server.ts";
import { freshFormToken } from "#server/spam/form-token.server.ts";
import { APPLICATION_ID } from "#shared/account.ts";
import { COUNTRIES, INDIAN_STATES, LANGUAGES, UNION_TERRITORIES } from "#shared/enrolment-options.ts";
import { bankRows } from "#shared/membership/bank-rows.ts";
import { MEMBERSHIP_TYPES, NO_MEMBERSHIP } from "#shared/membership/types.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/sign-up";

/**
 * Rendered for each visit: the form carries a spam-guard token of its own. A sent application
 * comes back here (`?status=sent&id=…&type=…&reference=…`) to a page that is the confirmation
 * alone: what was received and what this applicant must do now (pay, quoting the reference the
 * enrolment's answer gave; or nothing), and how long a payment made now keeps the membership.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const content = membershipContent();
  const page = {
    intro: content.intro,
    authorsNote: content.authorsNote,
    description: content.description,
    sidebar: {
      bank: bankRows(content.bank),
      qrCode: content.qrCode,
      applicationForm: content.applicationForm,
      pricingUrl: content.pricingUrl,
      joiningLate: joiningLate(),
    },
  };
  const search = new URL(request.url).searchParams;
  const id = search.get("id") ?? "";
  const type = search.get("type") ?? "";
  const known = type === NO_MEMBERSHIP || MEMBERSHIP_TYPES.some((option) => option.value === type);
  if (search.get("status") === "sent" && APPLICATION_ID.test(id) && known) {
    const due = applicationDue(id, type, new Date(), search.get("reference"));
    const receipt = { applicationId: id, due, firstPeriod: due ? firstPeriod(type) : null };
    return { ...page, receipt, formToken: null };
  }
  const choices = {
    languages: LANGUAGES,
    countries: COUNTRIES,
    states: INDIAN_STATES,
    territories: UNION_TERRITORIES,
  };
  return { ...page, receipt: null, formToken: await freshFormToken(), choices };
}

export const action = pageForm(enrolmentForm);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.receipt ? "Application received" : "Enrollment Form",
    description: args.loaderData?.description ?? "",
    noindex: args.location.search.length > 0,
  });

/**
 * The confirmation is a page of its own at the same address, seen once per application: its code
 * (and the payment part it shares with the account page) is fetched only when it is shown, so
 * the form does not carry it. The server renders it whole before sending (entry.server.tsx).
 */
const EnrolmentReceipt = lazy(() =>
  import("#features/account/enrolment-receipt.tsx").then((module) => ({ default: module.EnrolmentReceipt })),
);

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const { receipt, formToken, sidebar } = loaderData;
  if (receipt)
    return (
      <div className="page">
        <Suspense fallback={<p role="status">Loading your confirmation…</p>}>
          <EnrolmentReceipt {...receipt} />
        </Suspense>
      </div>
    );
  return (
    <div className="page">
      <h1>ENROLLMENT FORM</h1>
      <p className="prose">{loaderData.intro}</p>
      <p className="prose">{loaderData.authorsNote}</p>
      <p className="prose">Fields marked * are required.</p>
      <div className={styles.layout}>
        <SignUpForm formToken={formToken ?? ""} choices={loaderData.choices} />
        <EnrolmentSidebar {...sidebar} />
      </div>
    </div>
  );
}
