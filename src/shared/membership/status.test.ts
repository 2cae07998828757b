import { describe, expect, it } from "vitest";
import type { MembershipRules } from "../schemas/membership.ts";
import {
  applicationPaymentReference,
  type ConfirmedPayment,
  firstPeriodSentence,
  joiningLateSentence,
  type MembershipAccount,
  membershipState,
  noticeFor,
} from "./status.ts";
import { TEST_RULES } from "./test-rules.ts";

const rules = TEST_RULES;
const tba: MembershipRules = {
  ...rules,
  fees: { ...rules.fees, registration: [{ from: "2026-27", amount: "TBA" }] },
  types: rules.types.map((type) => ({ ...type, fees: [{ from: "2026-27", amount: "TBA" as const }] })),
};

const id = "EN-0A1B2C3D4E";
const paid = (
  period: string,
  paidOn: string,
  amount: number | null = 1000,
  who = "EN",
): ConfirmedPayment => ({
  reference: `ISGPB-${who}-0A1B2C3D4E-${period}`,
  amount,
  paidOn,
});
const ordinary = (payments: ConfirmedPayment[], remindedOn?: Record<string, string>): MembershipAccount => ({
  applicationId: id,
  membership: "1",
  payments,
  ...(remindedOn ? { remindedOn } : {}),
});
const lifeMember = (payments: ConfirmedPayment[]): MembershipAccount => ({
  applicationId: id,
  membership: "2",
  payments,
});

describe("an application not yet paid", () => {
  it("is pending: registration fee and the current year's subscription, referenced by application id and year", () => {
    const state = membershipState(ordinary([]), rules, "2026-06-10");
    expect(state.status).toBe("pending-payment");
    expect(state.memberNumber).toBeNull();
    expect(state.next).toMatchObject({
      kind: "application",
      reference: "ISGPB-EN-0A1B2C3D4E-2026-27",
      amount: 1200,
      items: [
        { label: "Registration fee", amount: 200 },
        { label: "Subscription for 2026-27", amount: 1000 },
      ],
    });
  });

  it("names the year the application was made in: 31 March is still the old year, 1 April the new", () => {
    const applied = (appliedOn: string) => ({ ...ordinary([]), appliedOn });
    expect(membershipState(applied("2026-03-31"), rules, "2026-03-31").next?.reference).toBe(
      "ISGPB-EN-0A1B2C3D4E-2025-26",
    );
    expect(membershipState(applied("2026-04-01"), rules, "2026-04-01").next?.reference).toBe(
      "ISGPB-EN-0A1B2C3D4E-2026-27",
    );
  });

  it("keeps one reference from the application to its payment, even across 1 April", () => {
    const account = { ...ordinary([]), appliedOn: "2027-03-20" };
    const reference = applicationPaymentReference(id, "1", "2027-03-20", rules);
    expect(reference).toBe("ISGPB-EN-0A1B2C3D4E-2026-27");
    expect(membershipState(account, rules, "2027-03-20").next?.reference).toBe(reference);
    expect(membershipState(account, rules, "2027-04-02").next?.reference).toBe(reference);
    expect(applicationPaymentReference(id, "2", "2027-03-20", rules)).toBe("ISGPB-EN-0A1B2C3D4E-L1");
    expect(applicationPaymentReference(id, "none", "2027-03-20", rules)).toBeNull();
  });

  it("counts the application's payment for the year it is confirmed in, whatever year its reference names", () => {
    const reference = applicationPaymentReference(id, "1", "2027-03-20", rules) as string;
    const account = {
      ...ordinary([{ reference, amount: 1200, paidOn: "2027-04-02" }]),
      appliedOn: "2027-03-20",
    };
    expect(membershipState(account, rules, "2027-04-02")).toMatchObject({
      status: "active",
      activeUntil: "2028-03-31",
    });
  });

  it("says 'to be announced' rather than a figure while the fees are placeholders", () => {
    const state = membershipState(ordinary([]), tba, "2026-06-10");
    expect(state.next?.amount).toBe("TBA");
  });

  it("is no membership at all for an author or reviewer", () => {
    const state = membershipState(
      { applicationId: id, membership: "none", payments: [] },
      rules,
      "2026-06-10",
    );
    expect(state).toMatchObject({ status: "none", next: null });
  });
});

describe("an application the secretariat rejected", () => {
  const rejected = { on: "2026-06-12", reason: "No transfer matched the reference." };

  it("is rejected from that day, with the reason and nothing to pay, for every type", () => {
    for (const membership of ["1", "2", "3", "4"]) {
      const state = membershipState(
        { applicationId: id, membership, payments: [], rejected },
        rules,
        "2027-01-05",
      );
      expect(state, membership).toMatchObject({
        status: "rejected",
        since: "2026-06-12",
        rejectedFor: "No transfer matched the reference.",
        next: null,
        memberNumber: null,
        period: null,
      });
      expect(noticeFor(state, "2027-01-05", rules)).toBeNull();
    }
  });

  it("is no longer pending payment, even across 1 April, when an unpaid application would name a new year", () => {
    const account = { ...ordinary([]), rejected };
    expect(membershipState(account, rules, "2027-04-02").status).toBe("rejected");
    expect(membershipState(ordinary([]), rules, "2027-04-02").status).toBe("pending-payment");
  });

  it("counts its payments, should one be on the account (the workspace and the link refuse to record one)", () => {
    const state = membershipState(
      { ...ordinary([paid("2026-27", "2026-07-01")]), rejected },
      rules,
      "2026-08-01",
    );
    expect(state).toMatchObject({ status: "active", rejectedFor: null });
  });
});

describe("an annual membership through its year and the constitution's dates", () => {
  // Paid for 2026-27 with the application; nothing since.
  const account = ordinary([paid("2026-27", "2026-06-10", 1200)]);
  const at = (day: string, remindedOn?: Record<string, string>) =>
    membershipState(remindedOn ? { ...account, remindedOn } : account, rules, day);

  it("is active until 31 March, with the next year's subscription as the next payment", () => {
    const state = at("2027-03-31");
    expect(state).toMatchObject({
      status: "active",
      memberNumber: "M-0A1B2C3D4E",
      activeUntil: "2027-03-31",
      period: { from: "2026-06-10", to: "2027-03-31" },
    });
    expect(state.next).toMatchObject({
      kind: "renewal",
      reference: "ISGPB-M-0A1B2C3D4E-2027-28",
      amount: 1000,
      due: "2027-04-01",
    });
  });

  it("is renewal due from 1 April, removal three months after the reminder", () => {
    const state = at("2027-04-01", { "2027-28": "2027-04-01" });
    expect(state).toMatchObject({
      status: "renewal-due",
      since: "2027-04-01",
      arrearsYear: "2027-28",
      removalOn: "2027-07-01",
      lapsesOn: "2028-04-01",
      activeUntil: null,
    });
    expect(state.next?.reference).toBe("ISGPB-M-0A1B2C3D4E-2027-28");
    expect(at("2027-06-30", { "2027-28": "2027-04-01" }).status).toBe("renewal-due");
  });

  it("is in arrears (removed) three months after the reminder, not a day before", () => {
    expect(at("2027-07-01", { "2027-28": "2027-04-01" })).toMatchObject({
      status: "in-arrears",
      since: "2027-07-01",
    });
    // A reminder sent on 20 April moves the removal to 20 July.
    expect(at("2027-07-19", { "2027-28": "2027-04-20" }).status).toBe("renewal-due");
    expect(at("2027-07-20", { "2027-28": "2027-04-20" }).status).toBe("in-arrears");
  });

  it("removes no one who was never reminded: renewal stays due until the lapse", () => {
    expect(at("2027-12-01")).toMatchObject({ status: "renewal-due", removalOn: null });
    expect(at("2028-04-01").status).toBe("lapsed");
  });

  it("lapses after a whole year of arrears: on the next 1 April", () => {
    expect(at("2028-03-31", { "2027-28": "2027-04-01" }).status).toBe("in-arrears");
    const lapsed = at("2028-04-01", { "2027-28": "2027-04-01" });
    expect(lapsed).toMatchObject({ status: "lapsed", since: "2028-04-01", arrearsYear: "2027-28" });
    // Coming back is a fresh start: the registration fee again, and the current year.
    expect(lapsed.next).toMatchObject({
      kind: "rejoin",
      reference: "ISGPB-M-0A1B2C3D4E-2028-29",
      amount: 1200,
    });
  });

  it("is active again once the year owed is paid, until the end of that year", () => {
    const renewed = ordinary([paid("2026-27", "2026-06-10", 1200), paid("2027-28", "2027-05-02", 1000, "M")]);
    expect(membershipState(renewed, rules, "2027-05-02")).toMatchObject({
      status: "active",
      activeUntil: "2028-03-31",
      period: { from: "2026-06-10", to: "2028-03-31" },
    });
  });

  it("counts only the account's own references", () => {
    const other = { reference: "ISGPB-EN-FFFFFFFFFF-2026-27", amount: 1200, paidOn: "2026-06-10" };
    expect(membershipState(ordinary([other]), rules, "2026-06-11").status).toBe("pending-payment");
  });

  it("calls for the reminder while renewal is due, the second notice in arrears, the lapse once lapsed", () => {
    const notice = (day: string, remindedOn?: Record<string, string>) =>
      noticeFor(at(day, remindedOn), day, rules);
    expect(notice("2027-03-31")).toBeNull();
    expect(notice("2027-04-01")).toEqual({ kind: "renewal-reminder", period: "2027-28" });
    expect(notice("2027-08-01", { "2027-28": "2027-04-01" })).toEqual({
      kind: "second-notice",
      period: "2027-28",
    });
    expect(notice("2028-04-01")).toEqual({ kind: "lapsed", period: "2027-28" });
  });

  it("handles a reminder on 31 January of a leap year: removal on 30 April", () => {
    // With a financial year starting in January, the reminder can fall on 31 January.
    const january = { ...rules, calendar: { ...rules.calendar, financialYearStartMonth: 1 } };
    const account2027 = ordinary([paid("2027", "2027-03-01")], { "2028": "2028-01-31" });
    expect(membershipState(account2027, january, "2028-04-29").status).toBe("renewal-due");
    expect(membershipState(account2027, january, "2028-04-30").status).toBe("in-arrears");
  });
});

describe("a life membership in one to three instalments within a year", () => {
  const total = 200 + 12_000;

  it("is life, with no end, from one payment of the whole fee", () => {
    const state = membershipState(lifeMember([paid("L1", "2026-05-01", total)]), rules, "2040-01-01");
    expect(state).toMatchObject({ status: "active", life: true, activeUntil: null, next: null });
    expect(state.period).toEqual({ from: "2026-05-01", to: null });
    expect(state.lifeFee).toMatchObject({ total, paid: total, owed: 0, complete: true });
  });

  it("asks for the rest after each instalment, and is life once they add up within the year", () => {
    const one = [paid("L1", "2026-05-01", 5000)];
    const afterOne = membershipState(lifeMember(one), rules, "2026-05-02");
    expect(afterOne).toMatchObject({ status: "active", life: false, activeUntil: "2027-04-30" });
    expect(afterOne.lifeFee).toEqual({
      registration: 200,
      fee: 12_000,
      total,
      paid: 5000,
      owed: total - 5000,
      instalments: 1,
      allowed: 3,
      lastDay: "2027-04-30",
      complete: false,
    });
    expect(afterOne.next).toMatchObject({
      kind: "instalment",
      reference: "ISGPB-M-0A1B2C3D4E-L2",
      amount: total - 5000,
      due: "2027-04-30",
      // The second of three may be part of what is owed; the third is the rest.
      items: [{ label: "Life membership fee, instalment 2 (all or part of the rest)", amount: total - 5000 }],
    });
    expect(afterOne.next?.late).toBeUndefined();
    const two = [...one, paid("L2", "2026-09-01", 5000, "M")];
    expect(membershipState(lifeMember(two), rules, "2026-09-02").next).toMatchObject({
      reference: "ISGPB-M-0A1B2C3D4E-L3",
      amount: total - 10_000,
      items: [{ label: "Life membership fee, instalment 3 (the rest)", amount: total - 10_000 }],
    });
    const three = [...two, paid("L3", "2027-04-30", total - 10_000, "M")];
    expect(membershipState(lifeMember(three), rules, "2027-05-01")).toMatchObject({
      status: "active",
      life: true,
      next: null,
    });
  });

  it("counts a year from 29 February to 28 February", () => {
    const leap = [paid("L1", "2028-02-29", 5000)];
    expect(membershipState(lifeMember(leap), rules, "2028-03-01").activeUntil).toBe("2029-02-27");
    const done = [...leap, paid("L2", "2029-02-27", total - 5000, "M")];
    expect(membershipState(lifeMember(done), rules, "2029-03-01").life).toBe(true);
    const tooLate = [...leap, paid("L2", "2029-02-28", total - 5000, "M")];
    expect(membershipState(lifeMember(tooLate), rules, "2029-03-01").life).toBe(false);
  });

  it("counts no more than three instalments within the year; the rest is owed as a late instalment", () => {
    const four = ["L1", "L2", "L3", "L4"].map((period, index) =>
      paid(period, `2026-0${5 + index}-01`, Math.ceil(total / 4), index ? "M" : "EN"),
    );
    const state = membershipState(lifeMember(four), rules, "2026-09-02");
    expect(state).toMatchObject({ life: false, lifeIncomplete: true, status: "active" });
    expect(state.next).toMatchObject({ reference: "ISGPB-M-0A1B2C3D4E-L5", late: true });
  });

  it("is pending with the whole fee, referenced L1, before any payment", () => {
    expect(membershipState(lifeMember([]), rules, "2026-05-02").next).toMatchObject({
      kind: "application",
      reference: "ISGPB-EN-0A1B2C3D4E-L1",
      amount: total,
    });
  });

  it("keeps the fee of the year it was applied for, whatever a later schedule says", () => {
    const raised: MembershipRules = {
      ...rules,
      types: rules.types.map((type) =>
        type.value === "2"
          ? { ...type, fees: [...(type.fees ?? []), { from: "2027-28", amount: 14_400 }] }
          : type.value === "1"
            ? { ...type, fees: [...(type.fees ?? []), { from: "2027-28", amount: 1200 }] }
            : type,
      ),
    };
    const account = { ...lifeMember([paid("L1", "2027-03-20", 5000)]), appliedOn: "2027-03-10" };
    expect(membershipState(account, raised, "2027-04-10").lifeFee?.total).toBe(total);
  });
});

describe("a life fee still to be announced (decision 0025)", () => {
  it("is not a life membership on its first instalment: it shows what is paid and that the rest is owed", () => {
    const state = membershipState(lifeMember([paid("L1", "2026-05-01", 5000)]), tba, "2026-05-02");
    expect(state).toMatchObject({ status: "active", life: false, activeUntil: "2027-04-30" });
    expect(state.lifeFee).toMatchObject({ total: "TBA", paid: 5000, owed: "TBA", instalments: 1 });
    expect(state.next).toMatchObject({
      kind: "instalment",
      reference: "ISGPB-M-0A1B2C3D4E-L2",
      amount: "TBA",
    });
  });

  it("is a life membership once the secretariat marks the instalment that completes the fee", () => {
    const payments = [
      paid("L1", "2026-05-01", 5000),
      { ...paid("L2", "2026-08-01", 5000, "M"), completesFee: true },
    ];
    const state = membershipState(lifeMember(payments), tba, "2026-08-02");
    expect(state).toMatchObject({ status: "active", life: true, next: null });
    expect(state.lifeFee).toMatchObject({ paid: 10_000, owed: 0, complete: true });
  });

  it("counts a payment confirmed under the old rule, with no amount, as the whole fee", () => {
    const state = membershipState(lifeMember([paid("L1", "2026-05-01", null)]), tba, "2026-05-02");
    expect(state).toMatchObject({ status: "active", life: true });
  });
});

describe("a life instalment recorded late (issue 33, item 23)", () => {
  const total = 200 + 12_000;
  const two = [paid("L1", "2026-05-01", 5000), paid("L2", "2026-09-01", 5000, "M")];

  it("is owed as a late instalment once the year has ended, and counts when the secretariat gives a reason", () => {
    const after = membershipState(lifeMember(two), rules, "2027-05-01");
    expect(after.next).toMatchObject({
      reference: "ISGPB-M-0A1B2C3D4E-L3",
      amount: total - 10_000,
      late: true,
    });
    // Paid the day after the year ended, recorded with the secretariat's reason: the fee is paid in full.
    const late = {
      ...paid("L3", "2027-05-01", total - 10_000, "M"),
      lateReason: "Transfer sent on 29 April",
    };
    expect(membershipState(lifeMember([...two, late]), rules, "2027-05-02")).toMatchObject({
      status: "active",
      life: true,
      next: null,
    });
    // Without the reason it does not count.
    const unexcused = paid("L3", "2027-05-01", total - 10_000, "M");
    expect(membershipState(lifeMember([...two, unexcused]), rules, "2027-05-02").life).toBe(false);
  });
});

describe("a life fee owed when the instalment year ends (issue 33, item 22)", () => {
  const one = [paid("L1", "2026-05-01", 5000)];
  const at = (day: string, remindedOn?: Record<string, string>) =>
    membershipState({ ...lifeMember(one), ...(remindedOn ? { remindedOn } : {}) }, rules, day);
  const notice = (day: string, remindedOn?: Record<string, string>) =>
    noticeFor(at(day, remindedOn), day, rules);

  it("is reminded within the last month of the year, and told when it ends", () => {
    expect(notice("2027-03-31")).toBeNull();
    expect(notice("2027-04-01")).toEqual({ kind: "instalment-reminder", period: "life" });
    expect(notice("2027-04-30")).toEqual({ kind: "instalment-reminder", period: "life" });
    expect(at("2027-05-01")).toMatchObject({
      status: "instalment-overdue",
      since: "2027-05-01",
      removalOn: null,
    });
    expect(notice("2027-05-01")).toEqual({ kind: "instalment-overdue", period: "life" });
  });

  it("is removed three months after it was told, never without being told, and lapses a year after the year ended", () => {
    expect(at("2027-12-01")).toMatchObject({ status: "instalment-overdue", removalOn: null });
    expect(at("2028-06-01").status).toBe("instalment-overdue");
    const told = { life: "2027-05-01" };
    expect(at("2027-07-31", told)).toMatchObject({ status: "instalment-overdue", removalOn: "2027-08-01" });
    expect(at("2027-08-01", told)).toMatchObject({
      status: "in-arrears",
      since: "2027-08-01",
      lapsesOn: "2028-05-01",
    });
    expect(notice("2027-08-01", told)).toEqual({ kind: "second-notice", period: "life" });
    expect(at("2028-05-01", told)).toMatchObject({ status: "lapsed", since: "2028-05-01" });
    expect(notice("2028-05-01", told)).toEqual({ kind: "lapsed", period: "life" });
  });

  it("calls for nothing once the fee is paid in full", () => {
    const done = membershipState(lifeMember([paid("L1", "2026-05-01", 12_200)]), rules, "2027-04-15");
    expect(noticeFor(done, "2027-04-15", rules)).toBeNull();
  });
});

describe("a single-copy corporate membership", () => {
  it("is active with no end once paid, and is never reminded", () => {
    const account = { applicationId: id, membership: "4", payments: [paid("2026-27", "2026-06-01", 1000)] };
    const state = membershipState(account, rules, "2030-01-01");
    expect(state).toMatchObject({ status: "active", activeUntil: null, next: null });
    expect(noticeFor(state, "2030-01-01", rules)).toBeNull();
  });
});

describe("a fee change", () => {
  // The Ordinary subscription rises from ₹1,000 to ₹1,200 from 2028-29 on.
  const raised: MembershipRules = {
    ...rules,
    types: rules.types.map((type) =>
      type.value === "1"
        ? {
            ...type,
            fees: [
              { from: "2026-27", amount: 1000 },
              { from: "2028-29", amount: 1200 },
            ],
          }
        : type,
    ),
  };
  const account = ordinary([paid("2026-27", "2026-06-10", 1200)]);

  it("applies to the payments due from its year on, not to a year owed before it", () => {
    // 2027-28 owed, asked in 2027 and still owed in 2028: it keeps the fee of its own year.
    expect(membershipState(account, raised, "2027-04-02").next?.amount).toBe(1000);
    expect(membershipState(account, raised, "2028-01-02").next?.amount).toBe(1000);
    const renewed = ordinary([paid("2026-27", "2026-06-10", 1200), paid("2027-28", "2027-05-01", 1000, "M")]);
    expect(membershipState(renewed, raised, "2027-06-01").next).toMatchObject({
      reference: "ISGPB-M-0A1B2C3D4E-2028-29",
      amount: 1200,
    });
  });
});

describe("the period a member has paid for", () => {
  it("starts on the day the first payment was confirmed, not on 1 April", () => {
    const account = ordinary([paid("2026-27", "2026-11-26", 1200)]);
    expect(membershipState(account, rules, "2026-11-27").period).toEqual({
      from: "2026-11-26",
      to: "2027-03-31",
    });
    const renewed = ordinary([paid("2026-27", "2026-11-26", 1200), paid("2027-28", "2027-04-10", 1000, "M")]);
    expect(membershipState(renewed, rules, "2027-05-01").period).toEqual({
      from: "2026-11-26",
      to: "2028-03-31",
    });
  });

  it("starts on 1 April of a year paid by renewal after a gap", () => {
    const rejoined = ordinary([
      paid("2026-27", "2026-11-26", 1200),
      paid("2028-29", "2028-06-01", 1000, "M"),
    ]);
    expect(membershipState(rejoined, rules, "2028-06-02").period).toEqual({
      from: "2028-04-01",
      to: "2029-03-31",
    });
  });
});

describe("joining late in the financial year (decision 0024)", () => {
  it("a first payment confirmed from 1 January to 31 March also covers the next financial year", () => {
    // Confirmed at 23:30 on 31 March in India: the day is 31 March.
    const lastDay = ordinary([paid("2026-27", "2027-03-31", 1200)]);
    for (const day of ["2027-03-31", "2027-04-01", "2027-07-01", "2028-03-31"])
      expect(membershipState(lastDay, rules, day), day).toMatchObject({
        status: "active",
        activeUntil: "2028-03-31",
        period: { from: "2027-03-31", to: "2028-03-31" },
      });
    expect(noticeFor(membershipState(lastDay, rules, "2027-04-01"), "2027-04-01", rules)).toBeNull();
    expect(membershipState(lastDay, rules, "2027-04-01").next).toMatchObject({
      kind: "renewal",
      reference: "ISGPB-M-0A1B2C3D4E-2028-29",
      due: "2028-04-01",
    });
    expect(membershipState(lastDay, rules, "2028-04-01").status).toBe("renewal-due");
    const january = ordinary([paid("2026-27", "2027-01-01", 1200)]);
    expect(membershipState(january, rules, "2027-06-01").activeUntil).toBe("2028-03-31");
  });

  it("not before 1 January: a first payment on 31 December covers its own year only", () => {
    const december = ordinary([paid("2026-27", "2026-12-31", 1200)]);
    expect(membershipState(december, rules, "2027-01-05").activeUntil).toBe("2027-03-31");
    expect(membershipState(december, rules, "2027-04-01").status).toBe("renewal-due");
  });

  it("a rejoining confirmed late in the year is a first payment too", () => {
    const rejoin: ConfirmedPayment = {
      ...paid("2028-29", "2029-02-10", 1200, "M"),
      kind: "rejoin",
    };
    const account = ordinary([paid("2026-27", "2026-06-10", 1200), rejoin]);
    expect(membershipState(account, rules, "2029-02-11")).toMatchObject({
      status: "active",
      activeUntil: "2030-03-31",
      period: { from: "2029-02-10", to: "2030-03-31" },
    });
  });

  it("tells the applicant before they pay", () => {
    expect(joiningLateSentence(rules)).toBe(
      "Membership runs by the financial year, 1 April to 31 March. A first payment confirmed from 1 January to 31 March also covers the whole of the next financial year, so joining late in the year costs you nothing.",
    );
    expect(firstPeriodSentence("1", "2026-11-27", rules)).toBe(
      "Paid now, your membership runs from the day your payment is confirmed to 31 March 2027; a first payment confirmed from 1 January 2027 runs to 31 March 2028.",
    );
    expect(firstPeriodSentence("3", "2027-02-10", rules)).toBe(
      "Paid now, your membership runs from the day your payment is confirmed to 31 March 2028: a first payment confirmed from 1 January to 31 March also covers the next financial year.",
    );
    expect(firstPeriodSentence("2", "2027-02-10", rules)).toBe(
      "A life membership has no end once the life fee is paid, in one to three instalments within a year of the first.",
    );
    expect(firstPeriodSentence("4", "2027-02-10", rules)).toBeNull();
    expect(firstPeriodSentence("none", "2027-02-10", rules)).toBeNull();
  });
});

describe("a member from the society's register (decision 0051)", () => {
  const register = (membership: string, facts: Partial<NonNullable<MembershipAccount["register"]>>) => ({
    applicationId: id,
    membership,
    payments: [] as ConfirmedPayment[],
    register: {
      memberNo: "R-0042",
      joinedYear: 1990,
      lastPaidYear: null,
      lifeOwed: null,
      since: "2026-03-20",
      ...facts,
    },
  });

  it("an annual member is paid to the end of the last year paid, then owes the renewal alone, by the calendar", () => {
    const member = register("1", { lastPaidYear: "2025-26" });
    expect(membershipState(member, rules, "2026-03-31")).toMatchObject({
      status: "active",
      memberNumber: "R-0042",
      activeUntil: "2026-03-31",
    });
    const due = membershipState(member, rules, "2026-04-01");
    expect(due).toMatchObject({ status: "renewal-due", arrearsYear: "2026-27", since: "2026-04-01" });
    expect(due.next).toMatchObject({
      kind: "renewal",
      reference: "ISGPB-M-0A1B2C3D4E-2026-27",
      amount: 1000,
    });
    expect(noticeFor(due, "2026-04-01", rules)).toEqual({ kind: "renewal-reminder", period: "2026-27" });
    const reminded = membershipState(
      { ...member, remindedOn: { "2026-27": "2026-04-01" } },
      rules,
      "2026-07-01",
    );
    expect(reminded.status).toBe("in-arrears");
    expect(membershipState(member, rules, "2027-04-01").status).toBe("lapsed");
    // A renewal paid on the site counts on top of the register.
    const renewed = { ...member, payments: [paid("2026-27", "2026-04-10", 1000, "M")] };
    expect(membershipState(renewed, rules, "2026-05-01")).toMatchObject({
      status: "active",
      activeUntil: "2027-03-31",
    });
  });

  it("a life member is one, with nothing asked; one still owing pays the rest as instalments from the register's day", () => {
    expect(membershipState(register("2", {}), rules, "2026-04-01")).toMatchObject({
      status: "active",
      life: true,
      next: null,
      memberNumber: "R-0042",
    });
    const owing = register("2", { lifeOwed: 4000, joinedYear: 2025 });
    const state = membershipState(owing, rules, "2026-04-01");
    expect(state).toMatchObject({ status: "active", life: false, activeUntil: "2027-03-19" });
    expect(state.next).toMatchObject({ kind: "instalment", period: "L2", amount: 4000 });
    expect(state.next?.items.map((item) => item.label)).toEqual([
      "Life membership fee, instalment 2 (all or part of the rest)",
    ]);
    const part = { ...owing, payments: [paid("L2", "2026-06-01", 1500, "M")] };
    expect(membershipState(part, rules, "2026-07-01").next).toMatchObject({ period: "L3", amount: 2500 });
    const done = {
      ...owing,
      payments: [paid("L2", "2026-06-01", 1500, "M"), paid("L3", "2026-09-01", 2500, "M")],
    };
    expect(membershipState(done, rules, "2026-10-01")).toMatchObject({
      status: "active",
      life: true,
      next: null,
    });
    expect(membershipState(owing, rules, "2027-03-20")).toMatchObject({ status: "instalment-overdue" });
  });

  it("an annual member who lapsed rejoins with the year's subscription, never a registration fee", () => {
    const lapsed = membershipState(register("1", { lastPaidYear: "2023-24" }), rules, "2026-06-01");
    expect(lapsed.status).toBe("lapsed");
    expect(lapsed.next?.kind).toBe("rejoin");
    expect(lapsed.next?.items.map((item) => item.label)).toEqual(["Subscription for 2026-27"]);
  });

  it("an honorary member is in standing and pays nothing, ever", () => {
    const state = membershipState(register("5", { joinedYear: 1975 }), rules, "2030-06-01");
    expect(state).toMatchObject({ status: "active", rule: "honorary", next: null, memberNumber: "R-0042" });
    expect(noticeFor(state, "2030-06-01", rules)).toBeNull();
  });
});
