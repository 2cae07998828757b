import type { Award } from "#shared/schemas/awards.ts";
import { AwardCard } from "./award-card";
import { AwardIndex } from "./award-index";
import styles from "./awards.module.css";

/** The list of award names beside the award cards it leads to. */
export function AwardsBrowser({ awards }: { awards: readonly Award[] }) {
  return (
    <div className={styles.layout}>
      <AwardIndex awards={awards} />
      <div className={styles.cards}>
        {awards.map((award) => (
          <AwardCard key={award.id} award={award} />
        ))}
      </div>
    </div>
  );
}
