import { useSearchParams } from "react-router";
import type { RouteHandle } from "#app/route-handle.ts";
import { LoginForm, SignedInNotice } from "#features/account/login-form.tsx";
import { RETURN_FIELD, safeReturnPath } from "#shared/return-path.ts";

export const handle: RouteHandle = {
  meta: ({ search }) => ({
    title: "Login",
    description: "Sign in to your account with the Indian Society of Genetics and Plant Breeding.",
    noindex: search.has("status"),
  }),
  // The form posted without JavaScript comes back to one of these.
  prerender: () => [
    "/login?status=failed",
    "/login?status=throttled",
    "/login?status=signed-out",
    "/login?status=unverified",
    "/login?status=password-reset",
  ],
  view: ["status"],
};

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>Login</h1>
      <p className="prose">
        Members, authors and reviewers sign in here to see their application and membership.
      </p>
      <SignedInNotice />
      <LoginForm
        returned={searchParams.get("status")}
        next={safeReturnPath(searchParams.get(RETURN_FIELD))}
      />
    </div>
  );
}
