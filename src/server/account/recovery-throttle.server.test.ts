import { describe, expect, it, vi } from "vitest";
import { startDatabase } from "../../../tests/support/database.ts";
import { ADDRESS_LIMIT, admitRecoveryRequest, IP_LIMIT } from "./recovery-throttle.server.ts";

// Starting the worker's database (PGlite, migrated) takes a while on a busy machine.
vi.setConfig({ hookTimeout: 60_000 });
startDatabase();

describe("admitRecoveryRequest", () => {
  it(`admits ${ADDRESS_LIMIT} of a burst for one address sent at the same moment, and refuses the rest`, async () => {
    const waits = await Promise.all(
      Array.from({ length: 8 }, () =>
        admitRecoveryRequest("password-reset", "asha@example.org", "192.0.2.61"),
      ),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(ADDRESS_LIMIT);
    expect(waits.filter((wait) => wait > 0)).toHaveLength(8 - ADDRESS_LIMIT);
  });

  it(`admits ${IP_LIMIT} from one network across addresses, and counts no refused one`, async () => {
    const waits = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        admitRecoveryRequest("password-reset", `person${i}@example.org`, "192.0.2.62"),
      ),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(IP_LIMIT);
    // Another kind of mail keeps its own count.
    expect(await admitRecoveryRequest("email-change", "person0@example.org", "192.0.2.62")).toBe(0);
  });
});
