import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProgressDialog } from "./ProgressDialog.js";

describe("ProgressDialog", () => {
  it("starts each phase with an empty bar that agrees with its 0 % label, not one sliding back from 100 %", () => {
    const { rerender } = render(<ProgressDialog state={{ phase: "uploading", fraction: 1 }} onCancel={() => {}} />);
    const uploadBar = screen.getByRole("progressbar").firstElementChild as HTMLElement;
    expect(uploadBar.style.width).toBe("100%");
    rerender(<ProgressDialog state={{ phase: "processing", fraction: 0 }} onCancel={() => {}} />);
    const processingBar = screen.getByRole("progressbar").firstElementChild as HTMLElement;
    expect(screen.getByTestId("progress-text").textContent).toBe("0%");
    expect(processingBar.style.width).toBe("0%");
    // A fresh element: no width transition runs from the upload's 100 %.
    expect(processingBar).not.toBe(uploadBar);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
  });
});
