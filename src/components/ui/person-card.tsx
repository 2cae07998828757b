import type { ReactNode } from "react";
import styles from "./person-card.module.css";

type Props = { role?: ReactNode; name: string; detail: ReactNode };

/** A card naming one person: their role, name and institute or contact. */
export function PersonCard({ role, name, detail }: Props) {
  return (
    <article className={styles.card}>
      {role && <p className={styles.role}>{role}</p>}
      <h3 className={styles.name}>{name}</h3>
      <p className={styles.detail}>{detail}</p>
    </article>
  );
}
