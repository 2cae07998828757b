import { Link } from "react-router-dom";
import styles from "./member-data.module.css";

/** The account page's links to the member's own data (decision 0015). */
export function MemberDataLinks() {
  return (
    <nav className={`card ${styles.links}`} aria-labelledby="member-data-links">
      <h2 id="member-data-links">Your data</h2>
      <ul>
        <li>
          <Link to="/account/directory-entry">My directory entry</Link>: hide your contact details from other
          members, or ask for a correction
        </li>
        <li>
          <Link to="/account/my-data">My data</Link>: download everything the website holds about you, or
          close your account
        </li>
      </ul>
    </nav>
  );
}
