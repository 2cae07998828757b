import { Suspense } from "react";
import { Await, type LoaderFunctionArgs, useLoaderData } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { Loading } from "#components/layout/pending.tsx";
import { EventList } from "#features/events/event-list.tsx";
import styles from "#features/events/events.module.css";
import { type EventsData, loadEvents } from "#features/events/events-api.ts";
import { isPrerenderContext } from "#shared/page-meta.ts";

export async function loader({ context }: LoaderFunctionArgs) {
  const data = loadEvents(context);
  // <Await> reports a failure; until it renders, mark the promise handled.
  data.catch(() => {});
  return { data: isPrerenderContext(context) ? await data : data };
}

export const handle: RouteHandle = {
  meta: {
    title: "Events",
    description:
      "Meetings, congresses, award lectures and workshops of the Indian Society of Genetics and Plant Breeding, with calendar files.",
  },
};

export function Component() {
  const { data } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>EVENTS</h1>
      <p className={styles.feed}>
        Follow every event in your calendar app: <a href="/events.ics">subscribe to the events calendar</a>{" "}
        (an iCalendar feed; copy the link into Google Calendar, Outlook or Apple Calendar).
      </p>
      <Suspense fallback={<Loading />}>
        <Await
          resolve={data}
          errorElement={
            <p role="alert" className="error-text">
              Failed to load events.
            </p>
          }
        >
          {(loaded: EventsData) => <EventList events={loaded.events} now={loaded.now} />}
        </Await>
      </Suspense>
    </div>
  );
}
