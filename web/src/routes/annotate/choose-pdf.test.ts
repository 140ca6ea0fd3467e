import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { findTool } from "../../../../catalog/index.js";
import { fileStore } from "../../lib/file-store.js";
import { dismissToast, useCurrentToast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import { choosePdf } from "./choose-pdf.js";

const rules = rulesForTool(findTool("annotate-pdf")!);
const pdf = (name: string) => new File(["%PDF-1.7"], name, { type: "application/pdf" });

describe("choosing the PDF to annotate", () => {
  beforeEach(() => {
    fileStore.clear();
    act(() => dismissToast());
  });

  it("refuses anything but a PDF with the spec's toast", () => {
    const toast = renderHook(() => useCurrentToast());
    act(() => choosePdf([new File(["x"], "photo.png", { type: "image/png" })], rules));
    expect(toast.result.current).toMatchObject({ title: "Invalid file type", description: "Please upload a PDF file", variant: "destructive" });
    expect(fileStore.get()).toEqual([]);
  });

  it("takes one PDF, which replaces the one before", () => {
    const toast = renderHook(() => useCurrentToast());
    act(() => choosePdf([pdf("a.pdf")], rules));
    act(() => choosePdf([pdf("b.pdf"), pdf("c.pdf")], rules));
    expect(fileStore.get().map((f) => f.name)).toEqual(["b.pdf"]);
    expect(toast.result.current).toMatchObject({ title: "One file only" });
  });
});
