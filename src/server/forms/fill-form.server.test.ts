import { describe, expect, it } from "vitest";
import { fillForm } from "./fill-form.server.ts";

const page =
  '<main><form method="post" action="/api/logout"><input id="amount" name="amount"/></form>' +
  '<form method="post"><input id="amount" name="amount"/><button type="submit">Go</button></form></main>';
const state = (action: string) => ({
  action,
  values: { amount: "12.5" },
  errors: { amount: "Enter whole rupees" },
  message: "Please correct the highlighted fields.",
});

describe("fillForm", () => {
  it('finds by action "" the form without one (it posts to its page\'s own address), not another', () => {
    const filled = fillForm(page, state("")) ?? "";
    const [other, own] = filled.split("</form>");
    expect(other).not.toContain("12.5");
    expect(own).toContain('<p id="amount-error" class="field-error">');
    expect(own).toMatch(/<input id="amount" name="amount"[^>]*value="12.5"/);
  });

  it("finds a form by its action, and answers null when no form has it", () => {
    expect(fillForm(page, state("/api/logout"))?.split("</form>")[0]).toContain('value="12.5"');
    expect(fillForm(page, state("/api/elsewhere"))).toBeNull();
    expect(fillForm('<form method="post" action="/a"></form>', state(""))).toBeNull();
  });
});
