import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNREACHABLE } from "#client/api-client.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import { useForm } from "./use-form.ts";

function Form({ unreachable }: { unreachable?: string }) {
  const { status, onSubmit } = useForm({
    action: "/api/thing",
    rules: {},
    answer: formAcceptedSchema,
    unreachable,
  });
  return (
    <form onSubmit={onSubmit} aria-label="thing">
      <button type="submit">Send</button>
      <p role="status" data-kind={status.kind} data-http-status={status.httpStatus ?? ""}>
        {status.message}
      </p>
    </form>
  );
}

async function send(answer: () => Promise<Response>, unreachable?: string) {
  vi.stubGlobal("fetch", vi.fn(answer));
  render(<Form unreachable={unreachable} />);
  await userEvent.click(screen.getByRole("button", { name: "Send" }));
  const status = screen.getByRole("status");
  await vi.waitFor(() => expect(status).not.toHaveAttribute("data-kind", "sending"));
  return status;
}

afterEach(() => vi.unstubAllGlobals());

describe("useForm", () => {
  it("keeps a refusal's HTTP status beside its sentence", async () => {
    const status = await send(async () => Response.json({ error: "Not yet." }, { status: 403 }));
    expect(status).toHaveTextContent("Not yet.");
    expect(status).toHaveAttribute("data-kind", "error");
    expect(status).toHaveAttribute("data-http-status", "403");
  });

  it("says what did not happen when the site cannot be reached, in the form's own words", async () => {
    const status = await send(() => Promise.reject(new TypeError("Failed to fetch")), "Nothing was sent.");
    expect(status).toHaveTextContent("Nothing was sent.");
    expect(status).toHaveAttribute("data-http-status", "0");
  });

  it("uses the API client's sentence for an unreachable site when the form has none", async () => {
    const status = await send(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(status).toHaveTextContent(UNREACHABLE);
  });

  it("does not call an answer it could not read an unreachable site", async () => {
    const status = await send(async () => Response.json({ unexpected: true }), "Nothing was sent.");
    expect(status).toHaveTextContent("The website's answer was not understood. Please try again.");
    expect(status).toHaveAttribute("data-http-status", "200");
  });
});
