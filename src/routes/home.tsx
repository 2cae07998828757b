import { Suspense } from "react";
import type { LoaderFunctionArgs } from "react-router-dom";
import { useLoaderData } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import site from "#content/site.yaml";
import { type EventsData, loadEvents } from "#features/events/events-api.ts";
import { UpcomingEvents } from "#features/events/upcoming-events.tsx";
import { CouncilBlock } from "#features/home/council-block.tsx";
import { Counters } from "#features/home/counters.tsx";
import { type Headline, headlines } from "#features/home/headlines.ts";
import { Hero } from "#features/home/hero.tsx";
import styles from "#features/home/home.module.css";
import { NewsPreview } from "#features/home/news-preview.tsx";
import { NewsTicker } from "#features/home/news-ticker.tsx";
import { SLIDE_SIZES } from "#features/home/slider.tsx";
import { fetchSlides } from "#features/home/slides-api.ts";
import { AimsAndScope, JoinPromo, JournalOverview, WhoWeAre } from "#features/home/society-sections.tsx";
import { type Loaded, useLoaded } from "#features/home/use-loaded.ts";
import { httpNewsApi } from "#features/news/news-api.ts";
import { isPrerenderContext } from "#shared/page-meta.ts";
import type { Slide } from "#shared/schemas/slides.ts";

type HomeData = {
  slides: Slide[] | Promise<Slide[]>;
  news: Headline[] | Promise<Headline[]>;
  events: EventsData | Promise<EventsData>;
};

const fetchNews = async () => headlines((await httpNewsApi.page(1)).items);

/**
 * The prerender waits for the slides and the newest news, so the HTML holds them; a client-side
 * navigation shows the page at once and fills them in as they arrive.
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  if (isPrerenderContext(context)) {
    const [slides, news, events] = await Promise.all([
      context.slides.all(),
      context.news.page(1),
      loadEvents(context),
    ]);
    return { slides, news: headlines(news.items), events };
  }
  const slides = fetchSlides();
  const news = fetchNews();
  const events = loadEvents(context);
  // useLoaded reports failures; mark the promises handled so none reaches the console unhandled.
  slides.catch(() => {});
  news.catch(() => {});
  events.catch(() => {});
  return { slides, news, events };
}

export const handle: RouteHandle = {
  meta: ({ data }) => {
    // Known only when the slides were loaded before rendering: the prerendered page.
    const slides = (data as HomeData | undefined)?.slides;
    const first = Array.isArray(slides) ? slides[0] : undefined;
    return {
      title: site.name,
      description: site.description,
      ...(first && { preloadImage: { href: first.image, srcset: first.srcset, sizes: SLIDE_SIZES } }),
    };
  },
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  const slides = useLoaded(data.slides, "slides");
  const news = useLoaded(data.news, "news");
  const events = useLoaded(data.events, "events");
  // Each Suspense boundary hydrates as its own task, so no single long task blocks the page.
  return (
    <>
      <Hero slides={slides.value ?? []} />
      <NewsTicker items={news.value} />
      <Suspense>
        <AboutTheSociety />
      </Suspense>
      <Suspense>
        <NewsAndEvents news={news} events={events} />
      </Suspense>
      <Suspense>
        <Counters counters={site.counters} />
      </Suspense>
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

function NewsAndEvents({ news, events }: { news: Loaded<Headline[]>; events: Loaded<EventsData> }) {
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
              failed={events.failed}
            />
            <NewsPreview items={news.value} failed={news.failed} />
          </div>
        </div>
      </section>
    </div>
  );
}
