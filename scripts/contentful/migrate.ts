/**
 * npm run contentful:migrate: brings a space's content model up to date with migrations/, running
 * each migration the space has not had (see migration-runner.ts). Safe to run again and again.
 *
 * Needs CONTENTFUL_MANAGEMENT_TOKEN and CONTENTFUL_SPACE_ID; CONTENTFUL_ENVIRONMENT (default master).
 */

import type { PlainClientAPI } from "contentful-management";
import { runMigration } from "contentful-migration";
import { runCommand } from "./command.ts";
import {
  defaultLocale,
  isNotFound,
  type ManagementSettings,
  managementClient,
  managementSettings,
} from "./management.ts";
import { applyMigrations, type MigrationSpace } from "./migration-runner.ts";
import { MIGRATIONS } from "./migrations/index.ts";

/** The record of applied migrations: a content type of its own and one draft entry of it. */
const STATE_TYPE = "migrationState";
const STATE_ENTRY = "migrationState";

async function ensureStateType(client: PlainClientAPI): Promise<void> {
  try {
    await client.contentType.get({ contentTypeId: STATE_TYPE });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const created = await client.contentType.createWithId(
      { contentTypeId: STATE_TYPE },
      {
        name: "Migrations applied (kept by npm run contentful:migrate; do not edit)",
        description: "The content model's migrations this environment has had. Never publish or edit it.",
        displayField: "title",
        fields: [
          { id: "title", name: "Title", type: "Symbol", localized: false, required: true },
          {
            id: "applied",
            name: "Applied",
            type: "Array",
            items: { type: "Symbol" },
            localized: false,
            required: true,
          },
        ],
      },
    );
    await client.contentType.publish({ contentTypeId: STATE_TYPE }, created);
  }
}

function contentfulMigrationSpace(client: PlainClientAPI, settings: ManagementSettings): MigrationSpace {
  let locale: string | undefined;
  const localeOf = async () => (locale ??= await defaultLocale(client));
  return {
    async contentTypeIds() {
      const types = await client.contentType.getMany({ query: { limit: 1000 } });
      return types.items.map((type) => type.sys.id);
    },
    async readApplied() {
      try {
        const entry = await client.entry.get({ entryId: STATE_ENTRY });
        return (entry.fields.applied?.[await localeOf()] as string[] | undefined) ?? [];
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async recordApplied(names) {
      const code = await localeOf();
      const fields = { title: { [code]: "Content model migrations" }, applied: { [code]: [...names] } };
      try {
        const entry = await client.entry.get({ entryId: STATE_ENTRY });
        await client.entry.update({ entryId: STATE_ENTRY }, { ...entry, fields });
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await ensureStateType(client);
        await client.entry.createWithId({ contentTypeId: STATE_TYPE, entryId: STATE_ENTRY }, { fields });
      }
    },
    async run(migrate) {
      await runMigration({
        migrationFunction: migrate,
        accessToken: settings.accessToken,
        spaceId: settings.spaceId,
        environmentId: settings.environmentId,
        yes: true,
      });
    },
  };
}

await runCommand(async () => {
  const settings = managementSettings();
  console.log(`Content model of space ${settings.spaceId}, environment ${settings.environmentId}:`);
  await applyMigrations(
    contentfulMigrationSpace(managementClient(settings), settings),
    MIGRATIONS,
    console.log,
  );
});
