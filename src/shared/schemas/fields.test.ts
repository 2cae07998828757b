import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "./contact.ts";
import { emailAddress, multiLine, oneLine, wholeRupees } from "./fields.ts";

/** "José Müller" typed with combining marks (NFD), as some keyboards and pasted text give it. */
const DECOMPOSED = "Jose\u0301 Mu\u0308ller";
const COMPOSED = "Jos\u00e9 M\u00fcller";

describe("text fields are stored in NFC", () => {
  it("composes a one-line field and a longer text", () => {
    expect(DECOMPOSED).not.toBe(COMPOSED);
    expect(oneLine({ label: "Name", max: 100 }).parse(DECOMPOSED)).toBe(COMPOSED);
    expect(multiLine({ label: "Address", max: 500 }).parse(`${DECOMPOSED}\nPune`)).toBe(`${COMPOSED}\nPune`);
  });

  it("composes Indian scripts too, and keeps the joiners they need", () => {
    // Devanagari QA written as KA + NUKTA composes to U+0958 only under NFC rules' exclusions: it stays.
    const nukta = "\u0915\u093c";
    expect(oneLine({ label: "Name", max: 100 }).parse(nukta)).toBe(nukta.normalize("NFC"));
    expect(oneLine({ label: "Name", max: 100 }).parse("क्\u200dष")).toBe("क्\u200dष");
  });

  it("counts the length after composing", () => {
    expect(oneLine({ label: "Name", max: 11 }).safeParse(DECOMPOSED).success).toBe(true);
  });

  it("stores a contact message composed, every text field of it", () => {
    const parsed = contactMessageSchema.parse({
      first_name: DECOMPOSED,
      last_name: DECOMPOSED,
      email: "jose@example.org",
      message: `Hola ${DECOMPOSED}`,
    });
    expect(parsed.first_name).toBe(COMPOSED);
    expect(parsed.last_name).toBe(COMPOSED);
    expect(parsed.message).toBe(`Hola ${COMPOSED}`);
  });

  it("leaves an e-mail address's ASCII alone", () => {
    expect(emailAddress({ label: "E-mail", max: 254 }).parse("A@Example.org")).toBe("a@example.org");
  });
});

describe("a single-value field sent more than once", () => {
  it("is asked for once, in the field's own words", () => {
    const rule = { label: "Amount", max: 12, required: "Enter the amount", invalid: "Enter whole rupees" };
    expect(wholeRupees(rule, 100_000, "Too much").safeParse(["500", "500"]).error?.issues[0]?.message).toBe(
      "Enter only one Amount",
    );
    expect(oneLine({ label: "Name", max: 100 }).safeParse(["Asha", "Ravi"]).error?.issues[0]?.message).toBe(
      "Enter only one Name",
    );
    // Not text, and not a list: as before.
    expect(oneLine({ label: "Name", max: 100 }).safeParse(7).error?.issues[0]?.message).toBe(
      "Name must be text",
    );
  });
});
