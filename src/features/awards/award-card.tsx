import { useState } from "react";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { RichText } from "#components/ui/rich-text.tsx";
import type { Award } from "#shared/schemas/awards.ts";
import styles from "./awards.module.css";
import { DownloadPicker } from "./download-picker";

/**
 * One award: what it is for, its past recipients (shown at first; a Hide/Show Content toggle once
 * the page has hydrated, since without JavaScript a button could do nothing) and its documents.
 * The toggle arrives beside the "Past recipients" heading, in the place an unseen stand-in of the
 * same size kept for it, so nothing on the card moves when it appears.
 */
export function AwardCard({ award }: { award: Award }) {
  const hydrated = useHydrated();
  const [showRecipients, setShowRecipients] = useState(true);
  // The award's own id names its list: a stable anchor, not one that changes with the page.
  const recipientsId = `${award.id}-recipients`;
  return (
    <article id={award.id} tabIndex={-1} aria-labelledby={`${award.id}-name`} className={styles.card}>
      <h2 id={`${award.id}-name`} className={styles.name}>
        {award.name}
      </h2>
      <p className={styles.frequency}>
        {award.frequency === "biennial" ? "Given every two years" : "Given every year"}
      </p>
      <RichText document={award.summary} />
      <div className={styles.recipientsHead}>
        <h3>Past recipients</h3>
        {hydrated ? (
          <button
            type="button"
            className="button button-outline"
            aria-expanded={showRecipients}
            aria-controls={recipientsId}
            onClick={() => setShowRecipients((shown) => !shown)}
          >
            {showRecipients ? "Hide Content" : "Show Content"}
          </button>
        ) : (
          <span className={`button button-outline ${styles.togglePlace}`} aria-hidden="true">
            Hide Content
          </span>
        )}
      </div>
      <div id={recipientsId} hidden={!showRecipients} className={styles.recipients}>
        {award.recipients.length === 0 ? (
          <p>No recipients yet.</p>
        ) : (
          <ul>
            {award.recipients.map((recipient) => (
              <li key={`${recipient.year}-${recipient.name}`}>
                <strong>{recipient.name}</strong>, {recipient.affiliation} <span>({recipient.year})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DownloadPicker awardName={award.name} downloads={award.downloads} />
    </article>
  );
}
