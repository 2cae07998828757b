import { describe, expect, it } from "vitest";
import { formatNewsDate } from "../format-date.ts";
import { paymentDateProblem } from "./payment-fields.ts";

describe("the date a payment was received", () => {
  const limits = { today: "2026-11-27", earliest: "2026-06-10" };

  it("may be any day from the application to today in India", () => {
    for (const date of ["2026-06-10", "2026-09-01", "2026-11-27"])
      expect(paymentDateProblem(date, limits)).toBeNull();
  });

  it("is refused after today, and before the application, in words beside the field", () => {
    expect(paymentDateProblem("2026-11-28", limits)).toBe(
      "The date received cannot be after today, 27 November 2026 in India",
    );
    expect(paymentDateProblem("2030-01-01", limits)).toMatch(/after today/);
    expect(paymentDateProblem("1941-01-01", limits)).toBe(
      "The date received cannot be before the application was made, on 10 June 2026",
    );
    expect(paymentDateProblem("1941-01-01", { today: "2026-11-27" })).toBeNull();
  });
});

describe("a day in the payment form's words", () => {
  it("is written as the rest of the site writes it, every day of a leap year", () => {
    for (let time = Date.UTC(2028, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(paymentDateProblem("2999-01-01", { today: day })).toBe(
        `The date received cannot be after today, ${formatNewsDate(day, day).date} in India`,
      );
    }
  });
});
