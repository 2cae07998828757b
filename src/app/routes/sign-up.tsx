import { useSearchParams } from "react-router";
import type { RouteHandle } from "#app/route-handle.ts";
import membership from "#content/membership.yaml";
import styles from "#features/account/account.module.css";
import { EnrolmentSidebar } from "#features/account/enrolment-sidebar.tsx";
import { SignUpForm } from "#features/account/sign-up-form.tsx";

export const handle: RouteHandle = {
  meta: ({ search }) => ({
    title: "Enrollment Form",
    description: membership.description,
    noindex: search.has("status"),
  }),
  // The form posted without JavaScript comes back to one of these.
  prerender: () => ["/sign-up?status=sent", "/sign-up?status=invalid"],
  view: ["status"],
};

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>ENROLLMENT FORM</h1>
      <p className="prose">{membership.intro}</p>
      <p className="prose">{membership.authorsNote}</p>
      <p className="prose">Fields marked * are required.</p>
      <div className={styles.layout}>
        <SignUpForm returned={searchParams.get("status")} returnedId={searchParams.get("id")} />
        <EnrolmentSidebar />
      </div>
    </div>
  );
}
