import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { postForm } from "#client/api-client.ts";
import { isVerifyStatus, VERIFY_OUTCOMES, type VerifyStatus } from "#shared/account.ts";
import { emailConfirmedSchema } from "#shared/api/account.ts";
import { ResendLinkForm } from "./resend-link-form.tsx";

type Status =
  | { kind: "idle" | "sending" | "offline" }
  | { kind: "outcome"; outcome: VerifyStatus; message: string };

const FAILED = new Set<VerifyStatus>(["used", "expired", "invalid"]);

/**
 * Where the confirmation link in an enrolment e-mail leads. The link itself changes nothing (mail
 * scanners open links); the button posts it. Without JavaScript the form has no action, so it
 * posts to this same URL, token included, and the verify-email function answers with a redirect
 * to ?status=. A link that has expired, been used or is not genuine offers a fresh one.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const returned = searchParams.get("status");
  const [status, setStatus] = useState<Status>(
    isVerifyStatus(returned)
      ? { kind: "outcome", outcome: returned, message: VERIFY_OUTCOMES[returned] }
      : { kind: "idle" },
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ kind: "sending" });
    const result = await postForm(
      "/api/verify-email",
      { token: searchParams.get("token") },
      emailConfirmedSchema,
    );
    if (result.ok) return setStatus({ kind: "outcome", outcome: "confirmed", message: result.data.message });
    if (result.status === 0) return setStatus({ kind: "offline" });
    // Every refusal is a link that no longer works (or a service that failed): its sentence says which.
    setStatus({
      kind: "outcome",
      outcome: result.status === 410 ? "expired" : "invalid",
      message: result.error,
    });
  }

  const outcome = status.kind === "outcome" ? status : null;
  return (
    <div className="page prose">
      <h1>Confirm your e-mail address</h1>
      {outcome ? (
        <p role="status" className={FAILED.has(outcome.outcome) ? "error-text" : "card"}>
          {outcome.message}
        </p>
      ) : (
        // No action: without JavaScript the form posts to this URL, the link's token with it.
        <form method="post" onSubmit={onSubmit}>
          <p>Press the button to confirm that this e-mail address is yours and finish your enrolment.</p>
          <button type="submit" className="button" disabled={status.kind === "sending"}>
            {status.kind === "sending" ? "Confirming..." : "Confirm my e-mail address"}
          </button>
          <p role="status" className="error-text">
            {status.kind === "offline"
              ? "That did not work. Please check your connection and try again."
              : ""}
          </p>
        </form>
      )}
      {outcome && !FAILED.has(outcome.outcome) && outcome.outcome !== "sent" && (
        <p>
          <Link to="/login" className="button">
            Sign In
          </Link>
        </p>
      )}
      <h2>Need a fresh link?</h2>
      <p>
        A confirmation link works once, for 48 hours. If yours has expired or did not arrive, enter the
        address you enrolled with.
      </p>
      <ResendLinkForm />
    </div>
  );
}
