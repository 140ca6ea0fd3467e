import { QueryClientProvider } from "@tanstack/react-query";
import { testQueryClient } from "../../lib/test-query-client.js";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { findTool } from "../../../../catalog/index.js";
import { fileStore } from "../../lib/file-store.js";
import { dismissToast, useCurrentToast } from "../../lib/toast-store.js";
import ConvertScreen from "./ConvertScreen.js";
import { FORMAT_GROUPS } from "./format-groups.js";
import { provideResizeObserver } from "./test-dom.js";

provideResizeObserver();

function ToastProbe() {
  const toast = useCurrentToast();
  return toast ? <output data-testid="probe">{`${toast.title}|${toast.description}`}</output> : null;
}

function setup() {
  // The screen's header asks the server where the tool runs; these tests do without the answer.
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ConvertScreen tool={findTool("convert-pdf")!} />
      <ToastProbe />
    </QueryClientProvider>,
  );
}

const pdf = (name: string) => new File(["%PDF-1.7"], name, { type: "application/pdf" });

async function choose(files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText("Choose files"), { target: { files } });
  });
}

const fileNames = () => within(screen.getByTestId("file-list")).getAllByRole("listitem").map((li) => li.textContent);

describe("Convert PDF screen", () => {
  beforeEach(() => {
    fileStore.clear();
    act(() => dismissToast());
  });

  it("offers every format in the five groups, PDF to Word first chosen", () => {
    setup();
    const titles = ["Document Formats", "Image Formats", "Data Formats", "Presentation Formats", "E-Book & Archive"];
    expect(FORMAT_GROUPS).toHaveLength(titles.length);
    for (const title of titles) expect(screen.getByRole("group", { name: title })).toBeInTheDocument();
    expect(screen.getAllByRole("radio")).toHaveLength(14);
    expect(screen.getByRole("radio", { name: "PDF to Word" })).toBeChecked();
    expect(screen.getByRole("button", { name: /Convert to Word/ })).toBeInTheDocument();
    // Word rebuilds the document from its text, so scanned pages are read with OCR, behind a switch.
    expect(screen.getByTestId("scan-note")).toHaveTextContent("Scanned pages are read with OCR first");
    expect(screen.getByLabelText("Recognise text in scans (OCR)")).toBeChecked();
    // PowerPoint draws each page as it is: scans are pointed to OCR PDF instead.
    fireEvent.click(screen.getByRole("radio", { name: "PDF to PowerPoint" }));
    expect(screen.getByTestId("scan-note")).toHaveTextContent("run them through OCR PDF first");
    expect(screen.getByRole("link", { name: "OCR PDF" })).toHaveAttribute("href", "/ocr-pdf");
    expect(screen.queryByLabelText("Recognise text in scans (OCR)")).toBeNull();
  });

  it("clears the file list when the format changes, and the button names the new format", async () => {
    setup();
    await choose([pdf("a.pdf"), pdf("b.pdf")]);
    await waitFor(() => expect(fileNames()).toHaveLength(2));
    expect(fileStore.get().map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);

    fireEvent.click(screen.getByRole("radio", { name: "PDF to Text" }));
    expect(fileStore.get()).toEqual([]);
    expect(screen.queryByTestId("file-list")).toBeNull();
    expect(screen.getByText("Drag & Drop your files here")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Convert to Text/ })).toBeInTheDocument();
    // Text has no image quality, so the screen shows no quality control.
    expect(screen.queryByRole("slider")).toBeNull();
  });

  it("takes the files the chosen format takes: one PDF for PDF to Text, up to 20 images in order for JPG to PDF", async () => {
    setup();
    fireEvent.click(screen.getByRole("radio", { name: "PDF to Text" }));
    await choose([pdf("a.pdf"), pdf("b.pdf")]);
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent("Error adding files|Too many files"));
    expect(fileStore.get().map((f) => f.name)).toEqual(["a.pdf"]);

    fireEvent.click(screen.getByRole("radio", { name: "JPG to PDF" }));
    expect(screen.getByText(/20 files at most/)).toBeInTheDocument();
    await choose([pdf("c.pdf")]);
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent("Error adding files|File c.pdf has an invalid file type."));
    const images = ["2.png", "1.jpg", "3.jpeg"].map((n) => new File(["x"], n, { type: n.endsWith("png") ? "image/png" : "image/jpeg" }));
    await choose(images);
    await waitFor(() => expect(fileNames()).toHaveLength(3));
    expect(fileStore.get().map((f) => f.name)).toEqual(["2.png", "1.jpg", "3.jpeg"]);
    expect(screen.getByRole("button", { name: /Convert to PDF/ })).toBeInTheDocument();
    expect(screen.getByLabelText("Page size")).toBeInTheDocument();
    // Images have no text layer to speak of, and every image becomes a page: no scan note, no page range.
    expect(screen.queryByTestId("scan-note")).toBeNull();
    expect(screen.queryByLabelText("Page range")).toBeNull();
  });

  it("takes office files for Word to PDF", async () => {
    setup();
    fireEvent.click(screen.getByRole("radio", { name: "Word to PDF" }));
    const docx = new File(["PK"], "letter.docx", { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });
    const xlsx = new File(["PK"], "sums.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    await choose([docx]);
    await waitFor(() => expect(fileNames()).toHaveLength(1));
    act(() => fileStore.clear());
    await choose([xlsx]);
    await waitFor(() => expect(fileStore.get().map((f) => f.name)).toEqual(["sums.xlsx"]));
  });

  it("says 'No files selected' when Convert is pressed without files", () => {
    setup();
    fireEvent.click(screen.getByRole("button", { name: /Convert to Word/ }));
    expect(screen.getByTestId("probe")).toHaveTextContent("No files selected|Please upload at least one file to convert.");
  });

  it("refuses a page range the catalogue refuses, before sending anything", async () => {
    setup();
    await choose([pdf("a.pdf")]);
    await waitFor(() => expect(fileNames()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText("Page range"), { target: { value: "pages one to three" } });
    fireEvent.click(screen.getByRole("button", { name: /Convert to Word/ }));
    // Said as the server says it, from the shared catalogue (fetched the first time a refusal is shown).
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent('"pageRange" must be page numbers and ranges such as "1,3,5-7".'));
  });
});
