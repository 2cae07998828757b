import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "#tests/support/render-route.tsx";
import { SubscribeForm } from "./subscribe-form.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("SubscribeForm", () => {
  it("is a plain POST form to /api/subscribe before JavaScript", () => {
    renderAt(<SubscribeForm />);
    const form = screen.getByRole("form", { name: "Subscribe Us" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/subscribe");
    expect(screen.getByLabelText("E-mail address")).toHaveAttribute("type", "email");
  });

  it("says what is wrong with an address without sending it", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { user } = renderAt(<SubscribeForm />);
    await user.type(screen.getByLabelText("E-mail address"), "not an address");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(screen.getByRole("status")).toHaveTextContent("Please enter a valid e-mail address.");
    expect(screen.getByLabelText("E-mail address")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("E-mail address")).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's answer inline and clears the box", async () => {
    const fetch = vi.fn(async () => Response.json({ message: "Almost done: check your inbox." }));
    vi.stubGlobal("fetch", fetch);
    const { user } = renderAt(<SubscribeForm />);
    await user.type(screen.getByLabelText("E-mail address"), "meera@example.org");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Almost done: check your inbox.")).toHaveAttribute("role", "status");
    expect(screen.getByLabelText("E-mail address")).toHaveValue("");
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: "meera@example.org", reference: "" });
  });

  it("shows the server's error", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ error: "Too many requests" }, { status: 429 }));
    const { user } = renderAt(<SubscribeForm />);
    await user.type(screen.getByLabelText("E-mail address"), "meera@example.org");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Too many requests")).toBeInTheDocument();
  });
});
