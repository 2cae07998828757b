import { Link } from "react-router";
import styles from "./account-link.module.css";
import { useSession } from "./session-store.ts";

/**
 * 'Sign In', or the signed-in account's name linking to it. The prerendered page says
 * 'Sign In'; the name replaces it once /api/session answers, inside a box of fixed size, so the
 * swap moves nothing else on the page.
 */
export function AccountLink() {
  const session = useSession();
  if (session.kind === "signed-in") {
    return (
      <Link to="/account" className={styles.link} title={`Your account: ${session.account.name}`}>
        <span className="visually-hidden">Your account: </span>
        <span className={styles.name}>{session.account.name}</span>
      </Link>
    );
  }
  return (
    <Link to="/login" className={styles.link}>
      Sign In
    </Link>
  );
}
