import { useEffect, useState } from "react";
import { getJson } from "#client/api-client.ts";
import { pendingMark } from "#components/layout/pending.tsx";
import { useSession } from "#components/session/session-store.ts";
import { MEMBERSHIP_PAGE, MEMBERSHIP_PANEL_ID, membershipPanelSchema } from "#shared/api/membership.ts";
import styles from "./membership-panel.module.css";

/**
 * The membership part of /account: type, member number, status, the period paid for and what to
 * pay next, with its reference, the bank details, a UPI link and a QR code. The server writes it
 * (membership-panel.server.ts), so the figures and the QR code come from one place and the page's
 * script carries no QR encoder. Without JavaScript the link below asks the server for the page
 * with this part filled in (GET /account/membership).
 */
export function MembershipPanel() {
  const session = useSession();
  const signedIn = session.kind === "signed-in";
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getJson("/api/account/membership", membershipPanelSchema, { signal: controller.signal })
      .then((answer) => setHtml(answer.html))
      .catch((error: Error) => {
        if (error.name !== "AbortError") setFailed(true);
      });
    return () => controller.abort();
  }, [signedIn]);

  if (html)
    return (
      <section
        id={MEMBERSHIP_PANEL_ID}
        className={`card ${styles.panel}`}
        aria-labelledby="membership-title"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: written by the server's membershipPanelHtml, which escapes every text (tested); the same markup is what the page without JavaScript gets
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  return (
    <section
      id={MEMBERSHIP_PANEL_ID}
      className={`card ${styles.panel}`}
      aria-label="Membership and payment"
      // Until the panel has come, or cannot.
      {...(!failed && (signedIn || session.kind === "unknown") ? pendingMark : {})}
    >
      {failed ? (
        <p className="error-text">
          Your membership could not be loaded. <a href={MEMBERSHIP_PAGE}>Try again</a>
        </p>
      ) : (
        <p>
          <a href={MEMBERSHIP_PAGE}>Show my membership and what to pay</a>
        </p>
      )}
    </section>
  );
}
