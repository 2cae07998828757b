import { Form } from "react-router";
import styles from "./site-search-box.module.css";

/**
 * The header's search box on every page. A plain GET form to /search: with JavaScript the router
 * takes it there without a reload; without, the search-page function answers. It loads nothing
 * itself; the index is fetched by the search page when a search is made.
 */
export function SiteSearchBox() {
  return (
    <search className={styles.box}>
      <Form method="get" action="/search" className={styles.form}>
        <label htmlFor="site-search-q" className="visually-hidden">
          Search the site
        </label>
        <input
          id="site-search-q"
          className={styles.input}
          type="search"
          name="q"
          placeholder="Search the site"
          maxLength={200}
          autoComplete="off"
          required
        />
        <button type="submit" className={styles.button}>
          Search
        </button>
      </Form>
    </search>
  );
}
