import { useSearchParams } from "react-router";
import type { RouteHandle } from "#app/route-handle.ts";
import { ForgotPasswordForm } from "#features/account/forgot-password-form.tsx";

export const handle: RouteHandle = {
  meta: ({ search }) => ({
    title: "Forgot password",
    description: "Get a link to choose a new password for your account with the society.",
    noindex: search.has("status"),
  }),
  // The form sent without JavaScript comes back to this.
  prerender: () => ["/forgot-password?status=sent"],
  view: ["status"],
};

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>Forgot password</h1>
      <p className="prose">
        Enter the e-mail address you sign in with. If it has an account, we send it a link to choose a new
        password.
      </p>
      <ForgotPasswordForm sent={searchParams.get("status") === "sent"} />
    </div>
  );
}
