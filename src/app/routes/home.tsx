import { UpcomingEvents } from "#features/events/upcoming-events.tsx";
import { CouncilBlock } from "#features/home/council-block.tsx";
import { Counters } from "#features/home/counters.tsx";
import { headlines } from "#features/home/headlines.ts";
import { Hero } from "#features/home/hero.tsx";
import styles from "#features/home/home.module.css";
import { NewsPreview } from "#features/home/news-preview.tsx";
import { NewsTicker } from "#features/home/news-ticker.tsx";
import { AimsAndScope, JoinPromo, JournalOverview, WhoWeAre } from "#features/home/society-sections.tsx";
import { loadContent } from "#server/content/page-content.server.ts";
import { eventsSource } from "#server/events/events-source.server.ts";
import { newsSource } from "#server/news/news-source.server.ts";
import { slidesSource } from "#server/slides/slides-source.server.ts";
import { eventSummary, isUpcoming } from "#shared/event-listing.ts";
import { routeMeta, siteOf } from "../page-meta.ts";
import type { Route } from "./+types/home";

/** The slides, the newest news and the events are in the HTML: the page fetches nothing itself. */
export async function loader() {
  const [slides, news, events] = await Promise.all([
    slidesSource().all(),
    newsSource().page(1),
    eventsSource().all(),
  ]);
  const content = await loadContent();
  const site = content["site.yaml"];
  const now = new Date();
  return {
    slides,
    news: headlines(news.items),
    // An event over by now never shows again; the browser picks the next three as time passes.
    events: events.filter((event) => isUpcoming(event, now)).map(eventSummary),
    now: now.toISOString(),
    counters: site.counters,
    aims: content["about.yaml"].aims.items,
    president: content["executive-council.yaml"].president,
    board: content["editorial-board.yaml"],
  };
}

export const meta: Route.MetaFunction = (args) => {
  const site = siteOf(args.matches);
  return routeMeta(args, {
    title: site?.name ?? "",
    description: site?.description ?? "",
  });
};

export default function Home({ loaderData: data }: Route.ComponentProps) {
  return (
    <>
      <Hero slides={data.slides} />
      <NewsTicker items={data.news} />
      <div className={styles.home}>
        <JoinPromo />
        <WhoWeAre />
        <JournalOverview />
        <AimsAndScope aims={data.aims} />
      </div>
      <div className={styles.home}>
        <section className={styles.section} aria-labelledby="news-events-title">
          <h2 id="news-events-title">News &amp; Events</h2>
          <div className={styles.newsEvents}>
            <CouncilBlock president={data.president} board={data.board} />
            <div>
              <UpcomingEvents events={data.events} now={data.now} />
              <NewsPreview items={data.news} />
            </div>
          </div>
        </section>
      </div>
      <Counters counters={data.counters} />
    </>
  );
}
