/**
 * The build keys the member ids of the prerendered directory with SIGNING_SECRET. Without it the
 * development secret (public, in this repository) would be used, and anyone could compute the
 * ids. Functions refuse it on a deploy; this refuses it on a Netlify build, which sets CONTEXT
 * (production, deploy-preview, branch-deploy; "dev" is `netlify dev` on a developer's machine).
 */
export function buildSecretProblem(env: Record<string, string | undefined>): string | undefined {
  const context = env.CONTEXT?.trim();
  if (!context || context === "dev") return undefined;
  if (env.SIGNING_SECRET?.trim()) return undefined;
  return (
    `SIGNING_SECRET is not set for this Netlify build (CONTEXT=${context}). The prerendered ` +
    "directory's member ids are keyed with it, and the development secret is public. Set " +
    "SIGNING_SECRET (a long random value, the same the functions use) in the site's environment " +
    "variables for builds and functions, then build again."
  );
}

/** Stops the build with the problem's message, if there is one. */
export function assertBuildSecret(env: Record<string, string | undefined> = process.env): void {
  const problem = buildSecretProblem(env);
  if (problem) {
    console.error(`\nBuild stopped: ${problem}\n`);
    process.exit(1);
  }
}
