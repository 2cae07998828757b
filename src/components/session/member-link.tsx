import { Link } from "react-router-dom";
import styles from "./member-link.module.css";
import { useSession } from "./session-store.ts";

/**
 * 'Sign In', or the signed-in member's name linking to their account. The prerendered page says
 * 'Sign In'; the name replaces it once /api/session answers, inside a box of fixed size, so the
 * swap moves nothing else on the page.
 */
export function MemberLink() {
  const session = useSession();
  if (session.kind === "signed-in") {
    return (
      <Link to="/account" className={styles.link} title={`Your account: ${session.member.name}`}>
        <span className="visually-hidden">Your account: </span>
        <span className={styles.name}>{session.member.name}</span>
      </Link>
    );
  }
  return (
    <Link to="/login" className={styles.link}>
      Sign In
    </Link>
  );
}
