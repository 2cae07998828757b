import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog.tsx";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        View More
      </button>
      {open && (
        <Dialog title="Dr. Asha Rao" onClose={() => setOpen(false)}>
          <a href="mailto:asha@example.org">asha@example.org</a>
        </Dialog>
      )}
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole("button", { name: "View More" }));
  return user;
}

describe("Dialog", () => {
  it("is a labelled modal dialog and moves focus into it", async () => {
    await openDialog();
    const dialog = screen.getByRole("dialog", { name: "Dr. Asha Rao" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole("link", { name: "asha@example.org" })).toHaveFocus();
  });

  it("keeps Tab and Shift+Tab inside", async () => {
    const user = await openDialog();
    await user.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("link", { name: "asha@example.org" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  });

  it("keeps Shift+Tab inside when the panel itself has focus (after a click on its text)", async () => {
    const user = await openDialog();
    await user.click(screen.getByRole("heading", { name: "Dr. Asha Rao" }));
    expect(screen.getByRole("dialog")).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  });

  it("closes on Escape and gives focus back to the button that opened it", async () => {
    const user = await openDialog();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View More" })).toHaveFocus();
  });

  it("closes with the Close button, focus returning too", async () => {
    const user = await openDialog();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View More" })).toHaveFocus();
  });
});
