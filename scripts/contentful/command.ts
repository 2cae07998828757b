/**
 * How each contentful:* command ends: a known problem is one readable line and exit code 1, not
 * a stack trace (the SDKs' own errors keep their details in the message).
 */
export async function runCommand(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
