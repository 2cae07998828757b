import { HydrationTurn } from "#components/layout/hydration-turn.tsx";
import type { Award } from "#shared/schemas/awards.ts";
import { AwardCard } from "./award-card";
import { AwardIndex } from "./award-index";
import styles from "./awards.module.css";

/**
 * The list of award names beside the award cards it leads to. Each card, with its recipients,
 * hydrates in a turn of its own: all nine in one task was 21–43 ms on the bench's machine, four
 * times that on the phone Lighthouse models.
 */
export function AwardsBrowser({ awards }: { awards: readonly Award[] }) {
  return (
    <div className={styles.layout}>
      <AwardIndex awards={awards} />
      <div className={styles.cards}>
        {awards.map((award) => (
          <HydrationTurn key={award.id}>
            <AwardCard award={award} />
          </HydrationTurn>
        ))}
      </div>
    </div>
  );
}
