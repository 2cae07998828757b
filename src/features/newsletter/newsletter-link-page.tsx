import { useLocation } from "react-router";
import { FormStatusLine } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import type { NewsletterAction } from "#shared/newsletter.ts";

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

/**
 * Where a confirm or unsubscribe link in an e-mail leads. The link itself changes nothing (mail
 * scanners open links); the button posts it, to this same address with the link's token, and the
 * newsletter page then says what happened.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterAction }) {
  const form = usePageForm(`newsletter-${action}`, { rules: {} });
  const { pathname, search } = useLocation();
  const text = TEXT[action];
  return (
    <div className="page prose">
      <h1>{text.title}</h1>
      <PageForm form={form} action={`${pathname}${search}`}>
        <p>{text.intro}</p>
        <button type="submit" className="button" disabled={form.sending}>
          {text.button}
        </button>
      </PageForm>
      <FormStatusLine
        kind={form.status.kind}
        message={form.sending ? "One moment..." : form.status.message}
      />
    </div>
  );
}
