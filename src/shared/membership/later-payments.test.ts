import { describe, expect, it } from "vitest";
import { laterPaymentDue, laterPaymentsDue } from "./later-payments.ts";
import { type ConfirmedPayment, membershipState } from "./status.ts";
import { TEST_RULES } from "./test-rules.ts";

const rules = TEST_RULES;

const applicationId = "EN-0A1B2C3D4E";
const paid = (period: string, paidOn: string, amount = 1200): ConfirmedPayment => ({
  reference: `ISGPB-EN-0A1B2C3D4E-${period}`,
  amount,
  paidOn,
});
const stateOf = (membership: string, payments: ConfirmedPayment[], today: string, rejected = false) =>
  membershipState(
    {
      applicationId,
      membership,
      payments,
      ...(rejected ? { rejected: { on: "2026-05-01", reason: "No" } } : {}),
    },
    rules,
    today,
  );
const references = (state: ReturnType<typeof stateOf>) => laterPaymentsDue(state).map((p) => p.reference);

describe("the payments after the application's own", () => {
  it("are none for a pending or rejected application (that is 'Payment received'), nor a finished one", () => {
    expect(references(stateOf("1", [], "2026-06-01"))).toEqual([]);
    expect(references(stateOf("1", [], "2026-06-01", true))).toEqual([]);
    expect(references(stateOf("2", [paid("L1", "2026-05-01", 12_200)], "2026-06-01"))).toEqual([]);
    expect(references(stateOf("4", [paid("2026-27", "2026-05-01")], "2026-06-01"))).toEqual([]);
  });

  it("are the next year's renewal while active, the owed year's once renewal is due", () => {
    const payments = [paid("2026-27", "2026-05-01")];
    expect(references(stateOf("1", payments, "2026-06-01"))).toEqual(["ISGPB-M-0A1B2C3D4E-2027-28"]);
    const due = stateOf("1", payments, "2027-04-02");
    expect(due.status).toBe("renewal-due");
    expect(laterPaymentsDue(due)).toMatchObject([
      { kind: "renewal", reference: "ISGPB-M-0A1B2C3D4E-2027-28", amount: 1000 },
    ]);
  });

  it("is rejoining, with the registration fee, once lapsed", () => {
    const lapsed = stateOf("1", [paid("2026-27", "2026-05-01")], "2028-05-01");
    expect(lapsed.status).toBe("lapsed");
    expect(laterPaymentsDue(lapsed)).toMatchObject([
      { kind: "rejoin", reference: "ISGPB-M-0A1B2C3D4E-2028-29", amount: 1200 },
    ]);
  });

  it("is the rest of a life fee, as the next instalment", () => {
    const state = stateOf("2", [paid("L1", "2026-05-01", 5000)], "2026-06-01");
    expect(laterPaymentsDue(state)).toMatchObject([
      { kind: "instalment", reference: "ISGPB-M-0A1B2C3D4E-L2", amount: 7200 },
    ]);
  });

  it("finds the one a reference names, in any case, and nothing for another", () => {
    const state = stateOf("1", [paid("2026-27", "2026-05-01")], "2027-04-02");
    expect(laterPaymentDue(state, " isgpb-m-0a1b2c3d4e-2027-28 ")?.period).toBe("2027-28");
    expect(laterPaymentDue(state, "ISGPB-M-0A1B2C3D4E-2028-29")).toBeNull();
    expect(laterPaymentDue(state, "ISGPB-EN-0A1B2C3D4E-2026-27")).toBeNull();
    expect(laterPaymentDue(stateOf("1", [], "2026-06-01"), "ISGPB-EN-0A1B2C3D4E-2026-27")).toBeNull();
  });
});
