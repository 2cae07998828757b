import { z } from "#shared/zod.ts";
import { DEPLOYED_CONTEXTS, DEVELOPMENT_SECRET, resolveSigningSecret } from "./signed-token.server.ts";

/**
 * The one place that reads the environment. Every outside service is optional: when its
 * variables are unset, the site uses its embedded default (see README, "Environment variables").
 */
/** An optional setting; an empty value counts as unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const envSchema = z.object({
  CONTENTFUL_SPACE_ID: optionalText,
  CONTENTFUL_ACCESS_TOKEN: optionalText,
  CONTENTFUL_ENVIRONMENT: z.string().trim().min(1).default("master"),
  CONTENTFUL_HOST: z.string().trim().min(1).default("cdn.contentful.com"),
  // Drafts, for the secretariat's preview only: this token never leaves the server.
  CONTENTFUL_PREVIEW_TOKEN: optionalText,
  CONTENTFUL_PREVIEW_HOST: z.string().trim().min(1).default("preview.contentful.com"),
  // A warm function reuses the site's published content this long before asking Contentful again.
  CONTENTFUL_CONTENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  CONTENTFUL_NEWS_CONTENT_TYPE: z.string().trim().min(1).default("isgpbNews"),
  CONTENTFUL_SLIDES_CONTENT_TYPE: z.string().trim().min(1).default("sliderShow"),
  CONTENTFUL_EVENTS_CONTENT_TYPE: z.string().trim().min(1).default("isgpbEvent"),
  // Bounded so a function always answers in time: 4 s a request and one retry (the SDK waits
  // about 2 s before it), about 10 s in all before the last good copy is served instead.
  CONTENTFUL_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(4000),
  CONTENTFUL_RETRY_LIMIT: z.coerce.number().int().min(0).max(3).default(1),
  // Each call to Netlify Blobs may take this long before it counts as failed (blob-store.server.ts),
  // so a form post answers in time, with what was typed, while storage is down.
  BLOBS_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(4000),
  // Each query may wait this long for a connection and again for its answer (database.server.ts),
  // so a form answers its 503 in time, with what was typed, while the database is down.
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(4000),
  RESEND_API_KEY: optionalText,
  // Razorpay: which of the three each use needs is said once, in payments/razorpay.server.ts.
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  // `npm start`'s local test gateway (scripts/dev/razorpay-gateway.ts) sets it; read only by the
  // development server (razorpay.server.ts), never by a build.
  RAZORPAY_API_URL: optionalText,
  // Each call to Razorpay's API may take this long before it counts as failed.
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(8000),
  // Resend is given this long; a slower answer leaves the mail pending for the retry job.
  RESEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(8000),
  // A visitor's request waits this long at most for its mails (all of them, sent together), so
  // the answer comes within 3 s whatever Resend does; what is not sent by then waits for the
  // retry job, which gives each send RESEND_TIMEOUT_MS.
  MAIL_REQUEST_BUDGET_MS: z.coerce.number().int().min(50).max(2000).default(2000),
  MAIL_FROM: z.string().trim().min(3).default("ISGPB website <website@example.org>"),
  SECRETARIAT_EMAIL: z.email().default("secretariat@example.org"),
  // Confirmed newsletter subscribers are added to this Resend segment, when set.
  RESEND_SEGMENT_ID: optionalText,
  // The site's address for links in e-mails; Netlify sets URL to the site's main address.
  URL: optionalText,
  // HMAC key of form tokens and e-mailed links; long and random in production.
  SIGNING_SECRET: optionalText,
  // The addresses that may hold the secretariat role (comma-separated): the workspace's users.
  SECRETARIAT_ACCOUNTS: optionalText,
  GOOGLE_SHEETS_API_KEY: optionalText,
  GOOGLE_SHEETS_SPREADSHEET_ID: optionalText,
  // The fellows may live in a spreadsheet of their own; unset, the directory's is used.
  GOOGLE_SHEETS_FELLOWS_SPREADSHEET_ID: optionalText,
  GOOGLE_SHEETS_DIRECTORY_RANGE: z.string().trim().min(1).default("'Master List'!A:O"),
  // A:G, not the old site's A:E: a fellow record has seven columns, University and Address in F and G.
  GOOGLE_SHEETS_FELLOWS_RANGE: z.string().trim().min(1).default("ISMASTER!A:G"),
  // Where the secretariat's register import reads the membership register (decision 0051): "csv",
  // a file uploaded on the workspace's Register page (the default), or "sheet", the register's
  // columns in the master sheet (GOOGLE_SHEETS_REGISTER_RANGE of GOOGLE_SHEETS_SPREADSHEET_ID).
  REGISTER_SOURCE: z.enum(["csv", "sheet"]).default("csv"),
  GOOGLE_SHEETS_REGISTER_RANGE: z.string().trim().min(1).default("'Master List'!A:Z"),
  // Sheets is asked once, no retry (SPEC section 7); past this the last good copy is served.
  GOOGLE_SHEETS_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(5000),
  // A warm function instance reuses a fresh directory this long: detail lookups are not CDN
  // cached, and Sheets allows 60 reads a minute per user.
  DIRECTORY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Decision 0015: members' e-mail, mobile and address go only to signed-in members whose
  // membership is active; "true" shows them to every visitor again, as the old site did.
  DIRECTORY_CONTACTS_PUBLIC: z
    .enum(["true", "false", ""])
    .optional()
    .transform((value) => value === "true"),
});
export type ServerEnv = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  return envSchema.parse(source);
}

export type ContentfulConfig = {
  space: string;
  accessToken: string;
  environment: string;
  host: string;
  newsContentType: string;
  slidesContentType: string;
  eventsContentType: string;
  timeoutMs: number;
  retryLimit: number;
};

/** Contentful's settings when both the space and the token are set; otherwise null. */
export function contentfulConfig(env: ServerEnv = readEnv()): ContentfulConfig | null {
  if (!env.CONTENTFUL_SPACE_ID || !env.CONTENTFUL_ACCESS_TOKEN) return null;
  return {
    space: env.CONTENTFUL_SPACE_ID,
    accessToken: env.CONTENTFUL_ACCESS_TOKEN,
    environment: env.CONTENTFUL_ENVIRONMENT,
    host: env.CONTENTFUL_HOST,
    newsContentType: env.CONTENTFUL_NEWS_CONTENT_TYPE,
    slidesContentType: env.CONTENTFUL_SLIDES_CONTENT_TYPE,
    eventsContentType: env.CONTENTFUL_EVENTS_CONTENT_TYPE,
    timeoutMs: env.CONTENTFUL_TIMEOUT_MS,
    retryLimit: env.CONTENTFUL_RETRY_LIMIT,
  };
}

/**
 * Contentful's settings for reading drafts through the Preview API: the space of
 * contentfulConfig with the preview token and host. Null when the space is not configured;
 * an error when it is but the preview token is not, so a preview never quietly shows what is
 * published instead.
 */
export function contentfulPreviewConfig(env: ServerEnv = readEnv()): ContentfulConfig | null {
  const config = contentfulConfig(env);
  if (!config) return null;
  if (!env.CONTENTFUL_PREVIEW_TOKEN) {
    throw new Error("CONTENTFUL_PREVIEW_TOKEN is unset: drafts cannot be previewed without it");
  }
  return { ...config, accessToken: env.CONTENTFUL_PREVIEW_TOKEN, host: env.CONTENTFUL_PREVIEW_HOST };
}

/** The site's address for links in e-mails: URL (Netlify sets the main address), else the request's origin. */
export function siteUrl(request: Request, env: ServerEnv = readEnv()): string {
  return env.URL ?? new URL(request.url).origin;
}

let warnedAboutSecret = false;

/** The deploy context of the request being served (Netlify's global), or undefined outside one. */
function deployContext(): string | undefined {
  const netlify = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } })
    .Netlify;
  return netlify?.context?.deploy?.context;
}

/**
 * Whether this runs on a Netlify deploy that faces the public (not a developer's machine, where
 * the context is "dev" or absent): what is only for a fresh clone (the demo secretariat account)
 * never happens there.
 */
export function onDeploy(): boolean {
  const context = deployContext() ?? process.env.CONTEXT;
  return context !== undefined && DEPLOYED_CONTEXTS.has(context);
}

/**
 * The key that signs form tokens and e-mailed links. Without SIGNING_SECRET: the development one
 * locally, and an error on a deploy (see resolveSigningSecret).
 */
export function signingSecret(env: ServerEnv = readEnv()): string {
  const secret = resolveSigningSecret(env.SIGNING_SECRET, deployContext());
  if (secret === DEVELOPMENT_SECRET && !warnedAboutSecret) {
    warnedAboutSecret = true;
    console.warn("SIGNING_SECRET is unset: tokens are signed with the development secret");
  }
  return secret;
}

export type SheetsConfig = {
  apiKey: string;
  spreadsheetId: string;
  fellowsSpreadsheetId: string;
  directoryRange: string;
  fellowsRange: string;
  registerRange: string;
  timeoutMs: number;
};

/** Google Sheets' settings when both the API key and the spreadsheet id are set; otherwise null. */
export function sheetsConfig(env: ServerEnv = readEnv()): SheetsConfig | null {
  if (!env.GOOGLE_SHEETS_API_KEY || !env.GOOGLE_SHEETS_SPREADSHEET_ID) return null;
  return {
    apiKey: env.GOOGLE_SHEETS_API_KEY,
    spreadsheetId: env.GOOGLE_SHEETS_SPREADSHEET_ID,
    fellowsSpreadsheetId: env.GOOGLE_SHEETS_FELLOWS_SPREADSHEET_ID ?? env.GOOGLE_SHEETS_SPREADSHEET_ID,
    directoryRange: env.GOOGLE_SHEETS_DIRECTORY_RANGE,
    fellowsRange: env.GOOGLE_SHEETS_FELLOWS_RANGE,
    registerRange: env.GOOGLE_SHEETS_REGISTER_RANGE,
    timeoutMs: env.GOOGLE_SHEETS_TIMEOUT_MS,
  };
}
