import type { RouteHandle } from "#app/route-handle.ts";
import congress from "#content/congress.yaml";
import site from "#content/site.yaml";

export const handle: RouteHandle = { meta: { title: congress.title, description: congress.description } };

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
