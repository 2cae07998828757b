import { describe, expect, it } from "vitest";
import { PAYMENT_FORM } from "../forms/payment-fields.ts";
import { amountReceived } from "./payment.ts";

/** The browser's check: the field's pattern against the whole value, as the HTML attribute does. */
const browserTakes = (value: string) => new RegExp(`^(?:${PAYMENT_FORM.amount.pattern})$`, "v").test(value);

describe("'Amount received' (decision 0019: whole rupees, commas allowed)", () => {
  it.each([
    ["1500", 1500],
    ["1,500", 1500],
    [" 12,000 ", 12_000],
    ["1,00,000", 100_000],
    ["100,000", 100_000],
    ["10,00,000", 1_000_000],
    ["1,000,000", 1_000_000],
    ["99", 99],
  ])("takes %j as ₹%d", (typed, rupees) => {
    expect(amountReceived.parse(typed)).toBe(rupees);
    expect(browserTakes(typed)).toBe(true);
  });

  it.each([" 1,2,3 ", "1,5,00", "15,00", "1,00,0000", "1500,", ",1500", "1,,500", "1.500", "01,500"])(
    "refuses %j: its commas group no digits, so no figure is guessed",
    (typed) => {
      const result = amountReceived.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PAYMENT_FORM.amount.invalid);
      expect(browserTakes(typed)).toBe(false);
    },
  );
});
