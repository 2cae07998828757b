/**
 * npm run contentful:webhook -- <Netlify build hook URL>: creates the webhook that rebuilds the site
 * when content is published or unpublished, or brings it up to date (see webhook-definition.ts).
 * Running it again with the same URL changes nothing.
 *
 * Needs CONTENTFUL_MANAGEMENT_TOKEN and CONTENTFUL_SPACE_ID; CONTENTFUL_ENVIRONMENT (default master)
 * is the environment whose changes rebuild the site.
 */
import { runCommand } from "./command.ts";
import { managementClient, managementSettings } from "./management.ts";
import { buildHookUrl, webhookChange, webhookSettings } from "./webhook-definition.ts";

await runCommand(async () => {
  const url = buildHookUrl(process.argv[2]);
  const settings = managementSettings();
  const client = managementClient(settings);
  const wanted = webhookSettings(url, settings.environmentId);
  const existing = await client.webhook.getMany({ query: { limit: 100 } });
  const change = webhookChange(existing.items, wanted);
  if (change.action === "create") {
    const created = await client.webhook.create({}, wanted);
    console.log(
      `Created webhook ${created.sys.id}: publishing in ${settings.environmentId} now rebuilds the site.`,
    );
  } else if (change.action === "update") {
    const current = await client.webhook.get({ webhookDefinitionId: change.id });
    await client.webhook.update({ webhookDefinitionId: change.id }, { ...current, ...wanted });
    console.log(`Updated webhook ${change.id}.`);
  } else {
    console.log(`Webhook ${change.id} is already set up this way: nothing changed.`);
  }
});
