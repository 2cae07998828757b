import { Link } from "react-router";
import { RichText } from "#components/ui/rich-text.tsx";
import { pageContent } from "#server/content/page-content.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/congress";

export async function loader() {
  return { congress: await pageContent("congress.yaml"), host: (await pageContent("site.yaml")).name };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.congress.title ?? "Congress",
    description: args.loaderData?.congress.description ?? "",
  });

export default function Congress({ loaderData: { congress, host } }: Route.ComponentProps) {
  return (
    <div className="page">
      <div className="card congress">
        <h1>{congress.title}</h1>
        <p className="congress-host">{host}</p>
        <div className="prose">
          <RichText document={congress.about} />
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
