/**
 * The Content Management API for the contentful:* commands: their settings from the environment
 * and one way to make the client. The management token can change the model and every entry:
 * it is for a developer's shell or a CI secret, never the site's runtime (the site reads with
 * CONTENTFUL_ACCESS_TOKEN and CONTENTFUL_PREVIEW_TOKEN only).
 */
import contentfulManagement, { type PlainClientAPI } from "contentful-management";
import { z } from "../../src/shared/zod.ts";

const text = z.string().trim().min(1);
const envSchema = z.object({
  CONTENTFUL_MANAGEMENT_TOKEN: text,
  CONTENTFUL_SPACE_ID: text,
  CONTENTFUL_ENVIRONMENT: text.default("master"),
});

export type ManagementSettings = { accessToken: string; spaceId: string; environmentId: string };

/** The settings, or an error listing every variable that is missing. */
export function managementSettings(
  source: Record<string, string | undefined> = process.env,
): ManagementSettings {
  const result = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).map(([key, value]) => [key, value === "" ? undefined : value])),
  );
  if (!result.success) {
    const missing = result.error.issues.map((issue) => issue.path.join("."));
    throw new Error(`Set ${missing.join(" and ")} (see README, "Editing content in Contentful").`);
  }
  return {
    accessToken: result.data.CONTENTFUL_MANAGEMENT_TOKEN,
    spaceId: result.data.CONTENTFUL_SPACE_ID,
    environmentId: result.data.CONTENTFUL_ENVIRONMENT,
  };
}

/** A plain-API client bound to the space and environment of `settings`. */
export function managementClient(settings: ManagementSettings): PlainClientAPI {
  return contentfulManagement.createClient(
    { accessToken: settings.accessToken },
    { type: "plain", defaults: { spaceId: settings.spaceId, environmentId: settings.environmentId } },
  );
}

/** The environment's default locale: the one our entries are written in. */
export async function defaultLocale(client: PlainClientAPI): Promise<string> {
  const locales = await client.locale.getMany({ query: { limit: 100 } });
  const found = locales.items.find((locale) => locale.default);
  if (!found) throw new Error("The environment has no default locale");
  return found.code;
}

/** Whether a management call failed because the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "NotFound") return true;
  try {
    return (JSON.parse(error.message) as { status?: number }).status === 404;
  } catch {
    return false;
  }
}
