import type { RouteHandle } from "#app/route-handle.ts";
import { type PageData, prerendered, usePageData } from "#client/page-data.ts";
import { HydrationTurn } from "#components/layout/hydration-turn.tsx";
import site from "#content/site.yaml";
import { type EventsData, eventsAnswerSchema } from "#features/events/events-api.ts";
import { UpcomingEvents } from "#features/events/upcoming-events.tsx";
import { CouncilBlock } from "#features/home/council-block.tsx";
import { Counters } from "#features/home/counters.tsx";
import { type Headline, headlines } from "#features/home/headlines.ts";
import { Hero } from "#features/home/hero.tsx";
import styles from "#features/home/home.module.css";
import { NewsPreview } from "#features/home/news-preview.tsx";
import { NewsTicker } from "#features/home/news-ticker.tsx";
import { SLIDE_SIZES } from "#features/home/slider.tsx";
import { AimsAndScope, JoinPromo, JournalOverview, WhoWeAre } from "#features/home/society-sections.tsx";
import { newsPageSchema } from "#shared/schemas/news.ts";
import { type Slide, slidesSchema } from "#shared/schemas/slides.ts";

type HomeData = { slides: Slide[]; news: Headline[]; events: EventsData };

/**
 * The prerender waits for the slides, the newest news and the events, so the HTML holds them and
 * the page does not fetch them again (decision 0007); a client-side navigation shows the page at
 * once and fills them in as they arrive.
 */
export const loader = prerendered<HomeData>(async (context) => {
  const [slides, news, events] = await Promise.all([
    context.slides.all(),
    context.news.page(1),
    context.events.all(),
  ]);
  return { slides, news: headlines(news.items), events: { events, now: context.now().toISOString() } };
});

export const handle: RouteHandle = {
  meta: ({ data }) => {
    // Known only when the slides were loaded before rendering: the prerendered page.
    const slides = (data as Partial<HomeData> | undefined)?.slides;
    const first = Array.isArray(slides) ? slides[0] : undefined;
    return {
      title: site.name,
      description: site.description,
      ...(first && { preloadImage: { href: first.image, srcset: first.srcset, sizes: SLIDE_SIZES } }),
    };
  },
};

export function Component() {
  const slides = usePageData("slides", "/api/slides", slidesSchema, { warn: "slides" });
  const news = usePageData("news", "/api/news?page=1", newsPageSchema, {
    select: (page) => headlines(page.items),
    warn: "news",
  });
  const events = usePageData("events", "/api/events", eventsAnswerSchema, {
    select: (list): EventsData => ({ events: list, now: new Date().toISOString() }),
    warn: "events",
  });
  // Each turn hydrates as a task of its own, so no single long task blocks the page.
  return (
    <>
      <Hero slides={slides.value ?? []} />
      <NewsTicker items={news.value} />
      <HydrationTurn>
        <AboutTheSociety />
      </HydrationTurn>
      <HydrationTurn>
        <NewsAndEvents news={news} events={events} />
      </HydrationTurn>
      <HydrationTurn>
        <Counters counters={site.counters} />
      </HydrationTurn>
    </>
  );
}

function AboutTheSociety() {
  return (
    <div className={styles.home}>
      <JoinPromo />
      <WhoWeAre />
      <JournalOverview />
      <AimsAndScope />
    </div>
  );
}

function NewsAndEvents({ news, events }: { news: PageData<Headline[]>; events: PageData<EventsData> }) {
  return (
    <div className={styles.home}>
      <section className={styles.section} aria-labelledby="news-events-title">
        <h2 id="news-events-title">News &amp; Events</h2>
        <div className={styles.newsEvents}>
          <CouncilBlock />
          <div>
            <UpcomingEvents
              events={events.value?.events ?? null}
              now={events.value?.now ?? new Date(0).toISOString()}
              failed={events.error !== null}
            />
            <NewsPreview items={news.value} failed={news.error !== null} />
          </div>
        </div>
      </section>
    </div>
  );
}
