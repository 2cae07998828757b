import { Link } from "react-router";
import styles from "./own-data.module.css";

/** The account page's links to the member's own data (decision 0015). */
export function OwnDataLinks() {
  return (
    <nav className={`card ${styles.links}`} aria-labelledby="own-data-links">
      <h2 id="own-data-links">Your data</h2>
      <ul>
        <li>
          <Link to="/account/directory-entry">My directory entry</Link>: change your address, phone, position
          or institution, hide your contact details from other members, or ask for a correction
        </li>
        <li>
          <Link to="/account/my-data">My data</Link>: download everything the website holds about you, or
          close your account
        </li>
      </ul>
    </nav>
  );
}
