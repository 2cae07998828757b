import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { postForm } from "#client/api-client.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import { NEWSLETTER_OUTCOMES, type NewsletterAction } from "#shared/newsletter.ts";

const TEXT = {
  confirm: {
    title: "Confirm your subscription",
    intro: "Press the button to confirm that you want news from the society at this address.",
    button: "Confirm subscription",
  },
  unsubscribe: {
    title: "Unsubscribe",
    intro: "Press the button to stop all news e-mails from the society to this address.",
    button: "Unsubscribe",
  },
} as const;

export const newsletterLinkMeta = (action: NewsletterAction) => ({
  title: TEXT[action].title,
  description: TEXT[action].intro,
  noindex: true,
});

type Status = { kind: "idle" | "sending" | "done" | "error"; message: string };

/**
 * Where a confirm or unsubscribe link in an e-mail leads. The link itself changes nothing (mail
 * scanners open links); the button posts it. Without JavaScript the form posts to this same URL,
 * token included, and the newsletter function answers it.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterAction }) {
  const token = useSearchParams()[0].get("token");
  const [status, setStatus] = useState<Status>({ kind: "idle", message: "" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ kind: "sending", message: "One moment..." });
    const result = await postForm(`/api/subscribe/${action}`, { token }, formAcceptedSchema);
    setStatus(
      result.ok
        ? { kind: "done", message: result.data.message }
        : { kind: "error", message: result.status === 400 ? NEWSLETTER_OUTCOMES.link : result.error },
    );
  }

  const text = TEXT[action];
  return (
    <div className="page prose">
      <h1>{text.title}</h1>
      {/* No action: without JavaScript the form posts to this URL, the link's token with it. */}
      <form method="post" onSubmit={onSubmit}>
        <p>{text.intro}</p>
        <button
          type="submit"
          className="button"
          disabled={status.kind === "sending" || status.kind === "done"}
        >
          {text.button}
        </button>
      </form>
      <p role="status" className={status.kind === "error" ? "error-text" : undefined}>
        {status.message}
      </p>
    </div>
  );
}
