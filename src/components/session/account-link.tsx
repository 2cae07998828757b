import { Link, useLocation } from "react-router";
import { signInFrom } from "#shared/return-path.ts";
import styles from "./account-link.module.css";
import { useSession } from "./session-store.ts";

/**
 * The header's way to the account: the signed-in account's name, or 'Sign In'. A page rendered
 * for the visitor knows which; a prerendered page is the same file for everyone, so it says
 * 'Account' (true either way: /account shows the account or asks to sign in) until the browser
 * has asked /api/session, and keeps saying it without JavaScript (decision 0028). The box has a
 * fixed size, so the swap moves nothing else on the page.
 */
export function AccountLink() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.kind === "signed-in") {
    return (
      <Link to="/account" className={styles.link} title={`Your account: ${session.account.name}`}>
        <span className="visually-hidden">Your account: </span>
        <span className={styles.name}>{session.account.name}</span>
      </Link>
    );
  }
  if (session.kind === "signed-out")
    return (
      <Link to={signInFrom(pathname, search)} className={styles.link}>
        Sign In
      </Link>
    );
  return (
    <Link to="/account" className={styles.link}>
      Account
    </Link>
  );
}
