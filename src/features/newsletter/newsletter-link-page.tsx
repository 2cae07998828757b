import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router-dom";
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
    try {
      const response = await fetch(`/api/subscribe/${action}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ token }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
      setStatus(
        response.ok
          ? { kind: "done", message: body.message ?? "" }
          : { kind: "error", message: body.error ?? NEWSLETTER_OUTCOMES.link },
      );
    } catch {
      setStatus({ kind: "error", message: "That did not work. Please check your connection and try again." });
    }
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
