import { Link } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import congress from "#content/congress.yaml";
import site from "#content/site.yaml";

export const handle: RouteHandle = {
  meta: { title: congress.title, description: congress.description },
  // Not a further page: the build's check that the congress's event exists, so its links work.
  async prerender({ events }) {
    if (!(await events.all()).some((event) => event.slug === congress.event)) {
      throw new Error(`content/congress.yaml: event: no event has the slug "${congress.event}"`);
    }
    return [];
  },
};

export function Component() {
  return (
    <div className="page">
      <div className="card congress">
        <h1>{congress.title}</h1>
        <p className="congress-host">{site.name}</p>
        <div className="prose">
          {congress.about.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
        <p>
          Dates, venue and programme:{" "}
          <Link to={`/events/${congress.event}`}>the congress in the society's events</Link>, where it can be
          added to a calendar.
        </p>
        <p className="actions">
          <a className="button" href={congress.brochure.href} download>
            {congress.brochure.label}
            <span className="visually-hidden"> the congress brochure (PDF)</span>
          </a>
          <a href={congress.registrationUrl} target="_blank" rel="noopener">
            view more details..
            <span className="visually-hidden"> on the congress registration site (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </div>
  );
}
