import { onTestFinished } from "vitest";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";

/**
 * The content's fees are still to be announced; a test that adds amounts up gives them, as the
 * society will (registration ₹200, life ₹12,000, every other type ₹1,000, from 2026-27 on), until
 * it finishes.
 */
export function withFeesGiven(): void {
  const content = membershipContent();
  const fees = { ...content.fees };
  const types = content.types.map((type) => ({ ...type }));
  Object.assign(content.fees, { registration: [{ from: "2026-27", amount: 200 }] });
  for (const type of content.types)
    type.fees = [{ from: "2026-27", amount: type.value === "2" ? 12_000 : 1000 }];
  onTestFinished(() => {
    Object.assign(content.fees, fees);
    content.types.splice(0, content.types.length, ...types);
  });
}
