import { Link } from "react-router";
import { useSite } from "#components/layout/use-site.ts";
import type { Site } from "#shared/schemas/site.ts";
import styles from "./home.module.css";

/**
 * The invitation to join or subscribe. It points at the enrolment form and the footer's
 * subscribe box (#subscribe) rather than repeating either.
 */
export function JoinPromo() {
  const site = useSite();
  return (
    <section className={styles.promo} aria-labelledby="promo-title">
      <div>
        <h2 id="promo-title">Join the Society, or keep in touch</h2>
        <p>
          Members receive the {site.journal.name}, vote in the Society's elections and meet colleagues at its
          congresses and zonal meetings. Authors and reviewers may register without buying a membership.
          Prefer just the news? Subscribe by e-mail and we will tell you about new issues, calls and events.
        </p>
      </div>
      <p className={styles.promoActions}>
        <Link to="/sign-up" className="button">
          REGISTRATION NOW
        </Link>
        <a href="#subscribe" className="button button-outline">
          Subscribe to news
        </a>
      </p>
    </section>
  );
}

const cardsFor = (site: Site, highlights: Site["membershipHighlights"]) => [
  {
    title: "Awards",
    text: "Nine awards honour lifetime contributions, distinguished research, good teaching, promising early work and the best papers in the Society's journal.",
    to: "/awards",
  },
  {
    title: "Expanding Society",
    text: `From a small group of founders in ${site.founded.year} to more than ${highlights.members} members today, over ${highlights.lifeMembers} of them for life, in every zone of India and ${highlights.foreignMembers} abroad.`,
    to: "/about-us",
  },
  {
    title: "Advanced Research",
    text: "The Society promotes research that serves agriculture: better crop varieties, the conservation and use of genetic resources, and faster, surer methods of breeding.",
    to: "/about-us#aims",
  },
];

/** Who We Are: a short summary and three cards, each leading to the page that says more. */
export function WhoWeAre() {
  const site = useSite();
  const highlights = site.membershipHighlights;
  const cards = cardsFor(site, highlights);
  return (
    <section className={styles.section} aria-labelledby="who-title">
      <h2 id="who-title">Who We Are</h2>
      <p className="prose">
        {site.description} Its {highlights.honoraryFellows} honorary fellows and its members work in
        universities, research institutes and seed programmes across the country.
      </p>
      <ul className="card-grid">
        {cards.map((card) => (
          <li key={card.title} className={`card ${styles.whoCard}`}>
            <h3>{card.title}</h3>
            <p>{card.text}</p>
            <Link to={card.to} className="button button-outline">
              READ MORE<span className="visually-hidden"> about {card.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The journal at a glance, linking out to its own site. */
export function JournalOverview() {
  const { journal } = useSite();
  const months = `${journal.months.slice(0, -1).join(", ")} and ${journal.months.at(-1)}`;
  return (
    <section className={styles.section} aria-labelledby="journal-title">
      <h2 id="journal-title">{journal.name}</h2>
      <p className="prose">
        The Society's journal publishes research in genetics, cytogenetics, plant breeding and biotechnology.
        It appears {journal.frequency.toLowerCase()}, in {months}.
      </p>
      <dl className={styles.journalFacts}>
        <div>
          <dt>Impact factor</dt>
          <dd>{journal.impactFactor}</dd>
        </div>
        <div>
          <dt>Issues per year</dt>
          <dd>{journal.issuesPerYear}</dd>
        </div>
        <div>
          <dt>Print frequency</dt>
          <dd>{journal.frequency}</dd>
        </div>
        <div>
          <dt>Published in</dt>
          <dd>{months}</dd>
        </div>
      </dl>
      <p>
        <a href={journal.url} target="_blank" rel="noopener" className="button">
          Visit the journal<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}

/** The society's aims, as its constitution states them (content/about.yaml). */
export function AimsAndScope({ aims }: { aims: readonly string[] }) {
  return (
    <section className={styles.section} aria-labelledby="aims-title">
      <h2 id="aims-title">Aims and Scope</h2>
      <ol className={`prose ${styles.aims}`}>
        {aims.map((aim) => (
          <li key={aim}>{aim}</li>
        ))}
      </ol>
    </section>
  );
}
