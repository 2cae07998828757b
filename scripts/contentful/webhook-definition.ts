/**
 * The Contentful webhook that rebuilds the site: on every publish and unpublish of an entry or a
 * file in the site's environment, Contentful calls a Netlify build hook, and Netlify builds and
 * deploys the site with the new content (a few minutes). One webhook per space, found by name, so
 * the command that sets it up can be run again with a new hook URL and never makes a second.
 */

export const WEBHOOK_NAME = "Netlify build of the ISGPB website";

export const WEBHOOK_TOPICS = ["Entry.publish", "Entry.unpublish", "Asset.publish", "Asset.unpublish"];

/** What we set on the webhook; Contentful's other settings are left as they are. */
export type WebhookSettings = {
  name: string;
  url: string;
  topics: string[];
  filters: { equals: [{ doc: "sys.environment.sys.id" }, string] }[];
  active: boolean;
};

/** A Netlify build hook's URL, or an error saying what one looks like. */
export function buildHookUrl(value: string | undefined): string {
  const pattern = /^https:\/\/api\.netlify\.com\/build_hooks\/[A-Za-z0-9]+$/;
  if (!value || !pattern.test(value.trim())) {
    throw new Error(
      "Give the Netlify build hook's URL: npm run contentful:webhook -- https://api.netlify.com/build_hooks/<id> " +
        "(Netlify: Site configuration → Build & deploy → Build hooks).",
    );
  }
  return value.trim();
}

export function webhookSettings(url: string, environmentId: string): WebhookSettings {
  return {
    name: WEBHOOK_NAME,
    url,
    topics: WEBHOOK_TOPICS,
    // Publishing in a sandbox environment must not rebuild the site, which reads this one.
    filters: [{ equals: [{ doc: "sys.environment.sys.id" }, environmentId] }],
    active: true,
  };
}

type ExistingWebhook = {
  sys: { id: string };
  name: string;
  url: string;
  topics: string[];
  filters?: unknown;
  active: boolean;
};

export type WebhookChange =
  | { action: "create" }
  | { action: "update"; id: string }
  | { action: "none"; id: string };

/** Create, update or leave alone, given the space's webhooks. */
export function webhookChange(existing: readonly ExistingWebhook[], wanted: WebhookSettings): WebhookChange {
  const found = existing.filter((webhook) => webhook.name === wanted.name);
  if (found.length > 1) {
    throw new Error(
      `The space has ${found.length} webhooks named "${wanted.name}": delete all but one in Contentful`,
    );
  }
  const current = found[0];
  if (!current) return { action: "create" };
  const same =
    current.url === wanted.url &&
    current.active === wanted.active &&
    JSON.stringify([...current.topics].sort()) === JSON.stringify([...wanted.topics].sort()) &&
    JSON.stringify(current.filters ?? []) === JSON.stringify(wanted.filters);
  return same ? { action: "none", id: current.sys.id } : { action: "update", id: current.sys.id };
}
