import { Link } from "react-router";
import { CLOSED_ACCOUNT_MESSAGE } from "#shared/member-privacy.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/account-closed";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Account Closed",
    description: "Your account on the website is closed.",
    noindex: true,
  });

/** Where closing an account ends, with or without JavaScript. */
export default function AccountClosed() {
  return (
    <div className="page prose">
      <h1>Account Closed</h1>
      <p role="status">{CLOSED_ACCOUNT_MESSAGE}</p>
      <p>
        Your website account, its sessions and its sign-in records are deleted, and the secretariat has been
        told. Your application and your membership's record, with its payments, stay with the society. If you
        chose to hide contact details in the member directory, that choice stays in force.
      </p>
      <p>
        To become a member again or to use the website, you can <Link to="/sign-up">enrol</Link> again. For
        anything about your membership itself, <Link to="/contact-us">write to the secretariat</Link>.
      </p>
    </div>
  );
}
