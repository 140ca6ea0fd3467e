import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { findTool } from "../../../../catalog/index.js";
import { fileStore } from "../../lib/file-store.js";
import { dismissToast, useCurrentToast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import { DropArea } from "./DropArea.js";

function ToastProbe() {
  const toast = useCurrentToast();
  return toast ? <output data-testid="probe">{`${toast.title}|${toast.description}|${toast.variant ?? "default"}`}</output> : null;
}

function setup(toolId: string) {
  render(
    <>
      <DropArea rules={rulesForTool(findTool(toolId)!)} />
      <ToastProbe />
    </>,
  );
  return screen.getByLabelText("Choose files") as HTMLInputElement;
}

async function choose(input: HTMLInputElement, files: File[]) {
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

describe("DropArea", () => {
  beforeEach(() => {
    fileStore.clear();
    act(() => dismissToast());
  });

  it("adds an accepted PDF and says so", async () => {
    const input = setup("merge-pdf");
    await choose(input, [new File(["%PDF-1.7"], "a.pdf", { type: "application/pdf" })]);
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent("Files added successfully|Added 1 file(s) (8 Bytes)|default"));
    expect(fileStore.get().map((f) => f.name)).toEqual(["a.pdf"]);
  });

  it("refuses a file of the wrong type with a destructive 'Error adding files' toast", async () => {
    const input = setup("merge-pdf");
    await choose(input, [new File(["hello"], "notes.txt", { type: "text/plain" })]);
    await waitFor(() =>
      expect(screen.getByTestId("probe")).toHaveTextContent("Error adding files|File notes.txt has an invalid file type.|destructive"),
    );
    expect(fileStore.get()).toEqual([]);
  });

  it("opens the file dialog only from the Select Files button", () => {
    const input = setup("split-pdf");
    const click = vi.spyOn(input, "click");
    fireEvent.click(screen.getByTestId("drop-area"));
    fireEvent.keyDown(screen.getByTestId("drop-area"), { key: "Enter" });
    expect(click).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: /Select Files/ }));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it("shows the limits as 100 MB and the accepted formats", () => {
    setup("word-to-pdf");
    expect(screen.getByText(/Up to 100 MB per file/)).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Accepted formats" })).toHaveTextContent("Word");
    expect(screen.getByRole("heading", { name: "Drag & Drop your files here" })).toBeInTheDocument();
  });
});
