import { screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { LOGIN_UNVERIFIED } from "#shared/account.ts";
import { PASSWORD_RESET_DONE } from "#shared/account-recovery.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import Login, { loader } from "./login.tsx";

type LoaderArgs = Parameters<typeof loader>[0];
const load = (search: string) =>
  loader({ request: new Request(`https://isgpb.test/login${search}`) } as LoaderArgs);

function renderLogin(search: string) {
  const props = { loaderData: load(search) } as unknown as ComponentProps<typeof Login>;
  return renderAt(<Login {...props} />, `/login${search}`);
}

describe("the login page's loader", () => {
  it("sends the one sentence for the status the page was sent with, and a checked return path", () => {
    expect(load("?status=password-reset&next=/account/settings")).toEqual({
      next: "/account/settings",
      notice: { kind: "idle", message: PASSWORD_RESET_DONE },
      offerFreshLink: false,
    });
  });

  it("offers a fresh link only to an unconfirmed address", () => {
    expect(load("?status=unverified")).toMatchObject({
      notice: { kind: "error", message: LOGIN_UNVERIFIED },
      offerFreshLink: true,
    });
  });

  it.each(["", "?status=toString", "?status=__proto__", "?next=https://evil.example"])(
    "says nothing and returns nowhere else for %j",
    (search) => {
      expect(load(search)).toEqual({ next: null, notice: null, offerFreshLink: false });
    },
  );
});

describe("the login page", () => {
  it("says over the form that the member has signed out", () => {
    renderLogin("?status=signed-out");
    expect(screen.getByRole("status")).toHaveTextContent("You have signed out.");
    expect(screen.queryByRole("button", { name: "Send me a fresh link" })).not.toBeInTheDocument();
  });

  it("brings the fresh-link form when the address is not confirmed", () => {
    renderLogin("?status=unverified");
    expect(screen.getByRole("button", { name: "Send me a fresh link" })).toBeInTheDocument();
  });
});
