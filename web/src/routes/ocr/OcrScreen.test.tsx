import { QueryClientProvider } from "@tanstack/react-query";
import { testQueryClient } from "../../lib/test-query-client.js";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findTool } from "../../../../catalog/index.js";
import { PRIMARY_OCR_LANGUAGE_CODES } from "../../../../catalog/ocr-languages.js";
import { decodeOptions } from "../../../../pdf-ops/options.js";
import { fileStore } from "../../lib/file-store.js";
import { shapeOf } from "../../lib/option-schema.js";
import { dismissToast, useCurrentToast } from "../../lib/toast-store.js";
import OcrScreen from "./OcrScreen.js";

const tool = findTool("ocr-pdf")!;

function ToastProbe() {
  const toast = useCurrentToast();
  return toast ? <output data-testid="probe">{`${toast.title}|${toast.description}`}</output> : null;
}

/** The screen with the server's health reply already known (GET /api/health is not reachable from jsdom). */
function renderWith(file?: File, health: unknown = { status: "ok" }) {
  if (file) act(() => fileStore.add([file]));
  const client = testQueryClient(health);
  render(
    <QueryClientProvider client={client}>
      <OcrScreen tool={tool} />
      <ToastProbe />
    </QueryClientProvider>,
  );
}

const scan = () => new File(["%PDF-1.7"], "scan.pdf", { type: "application/pdf" });
const search = () => screen.getByRole("combobox", { name: "Additional languages" });
const type = (text: string) => fireEvent.change(search(), { target: { value: text } });
const matches = () => within(screen.getByRole("listbox", { name: "Matching languages" }));
const options = () => matches().getAllByRole("option");

/** Radix tabs switch on pointer down (a click alone does nothing in jsdom). */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole("tab", { name }), { button: 0, ctrlKey: false });
}

/** The form the screen uploads: the request itself is captured where it leaves the browser. */
function captureUpload() {
  const sent: FormData[] = [];
  vi.spyOn(XMLHttpRequest.prototype, "send").mockImplementation((body) => {
    sent.push(body as FormData);
  });
  return sent;
}

describe("OCR screen", () => {
  beforeEach(() => {
    fileStore.clear();
    act(() => dismissToast());
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the drop area until a file is chosen, then its name, size and the four tabs", () => {
    renderWith();
    expect(screen.getByText("Drag & Drop your files here")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Run OCR" })).toBeNull();
    act(() => fileStore.add([scan()]));
    expect(screen.getByRole("heading", { name: "scan.pdf" })).toBeInTheDocument();
    expect(screen.getByText("0.00 MB")).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["General", "Recognition", "Output", "Advanced"]);
    expect(screen.getByRole("button", { name: "Run OCR" })).toBeEnabled();
  });

  it("offers automatic detection and the 13 primary languages in the primary dropdown, English first chosen", () => {
    renderWith(scan());
    const primary = screen.getByLabelText("Primary language") as HTMLSelectElement;
    expect([...primary.options].map((o) => o.value)).toEqual(["auto", ...PRIMARY_OCR_LANGUAGE_CODES]);
    expect(primary.options[0]!.textContent).toBe("Detect automatically");
    expect(primary.value).toBe("eng");
    expect(primary.selectedOptions[0]!.textContent).toBe("English (eng)");
  });

  it("offers only the languages the server reports installed", () => {
    renderWith(scan(), { status: "ok", ocrLanguages: ["eng", "deu", "heb", "ukr"] });
    const primary = screen.getByLabelText("Primary language") as HTMLSelectElement;
    expect([...primary.options].map((o) => o.value)).toEqual(["auto", "eng", "deu"]);
    type("ukr");
    expect(options().map((o) => o.textContent)).toEqual(["Ukrainian (ukr)"]);
    type("swahili");
    expect(matches().getByText("No installed language matches “swahili”.")).toBeInTheDocument();
    type("he");
    expect(options().map((o) => o.textContent)).toEqual(["Hebrew (heb)"]);
    expect(screen.getByText(/This server reads 4 languages/)).toBeInTheDocument();
  });

  it("searches the full list by name or code and lists at most 8 matches", () => {
    renderWith(scan());
    type("an");
    expect(options()).toHaveLength(8);
    type("ukr");
    expect(options().map((o) => o.textContent)).toEqual(["Ukrainian (ukr)"]);
    type("swed");
    expect(options().map((o) => o.textContent)).toEqual(["Swedish (swe)"]);
    type("qqq");
    expect(screen.getByText("No language matches “qqq”.")).toBeInTheDocument();
  });

  it("adds languages by click or keyboard, removes them, and keeps the primary one out of the search", () => {
    renderWith(scan());
    type("german");
    fireEvent.click(matches().getByRole("option", { name: "German (deu)" }));
    type("fra");
    fireEvent.keyDown(search(), { key: "Enter" });
    const chosen = () => within(screen.getByRole("list", { name: "Additional languages chosen" })).getAllByRole("listitem").map((l) => l.textContent);
    expect(chosen()).toEqual(["German (deu)", "French (fra)"]);
    // Chosen and primary languages are not offered again.
    type("english");
    expect(options().map((o) => o.textContent)).toEqual(["Middle English (enm)"]);
    fireEvent.click(screen.getByRole("button", { name: "Remove German (deu)" }));
    expect(chosen()).toEqual(["French (fra)"]);
    // Making an extra language the primary one takes it off the extras.
    fireEvent.change(screen.getByLabelText("Primary language"), { target: { value: "fra" } });
    expect(screen.queryByRole("list", { name: "Additional languages chosen" })).toBeNull();
  });

  it("sends every option, the extra languages as multipleLanguages[i], and the server reads them back", async () => {
    const sent = captureUpload();
    renderWith(scan());
    for (const [query, name] of [["deu", "German (deu)"], ["spanish", "Spanish (spa)"]] as const) {
      type(query);
      fireEvent.click(matches().getByRole("option", { name }));
    }
    openTab("Output");
    fireEvent.change(screen.getByLabelText("Output format"), { target: { value: "text" } });
    fireEvent.click(screen.getByRole("button", { name: "Run OCR" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]!;
    expect(form.getAll("multipleLanguages[0]")).toEqual(["deu"]);
    expect(form.getAll("multipleLanguages[1]")).toEqual(["spa"]);
    expect(form.has("multipleLanguages")).toBe(false);
    expect((form.get("files") as File).name).toBe("scan.pdf");
    const fields = new Map<string, string[]>();
    for (const [name, value] of form.entries()) if (typeof value === "string") fields.set(name, [...(fields.get(name) ?? []), value]);
    // The page's language goes first, for the server's sentences.
    expect(fields.get("lang")).toEqual(["en"]);
    fields.delete("lang");
    // Every OCR option is sent, but for the custom model, which is blank.
    expect([...fields.keys()].filter((k) => !k.startsWith("multipleLanguages[")).sort()).toEqual(
      Object.keys(shapeOf(tool.options)).filter((k) => k !== "multipleLanguages" && k !== "customModel").sort(),
    );
    expect(decodeOptions(tool.options, fields)).toMatchObject({
      language: "eng",
      multipleLanguages: ["deu", "spa"],
      outputFormat: "text",
      dpi: 300,
      confidenceThreshold: 75,
    });
    // The progress dialog now covers the screen (so the button is hidden from the accessibility tree).
    expect(screen.getByRole("button", { name: "Running OCR...", hidden: true })).toBeDisabled();
    expect(screen.getByRole("dialog", { name: "Uploading your files" })).toBeInTheDocument();
  });

  it("says under a setting when the chosen output leaves it without effect", () => {
    renderWith(scan());
    openTab("Output");
    expect(screen.getAllByText("Only for PDF with text output: it changes nothing for searchable PDF.")).toHaveLength(2);
    expect(screen.getByText("Written as PDF/A-2b.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Output format"), { target: { value: "word" } });
    expect(screen.getAllByText("Only for PDF with text output: it changes nothing for Word.")).toHaveLength(2);
    expect(screen.getByText("Only for searchable PDF output: it changes nothing for Word.")).toBeInTheDocument();
    expect(screen.getByText("Keep the lines of each paragraph; off, they flow.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Output format"), { target: { value: "pdf-with-text" } });
    expect(screen.getByText("Embed the font the text is shown in.")).toBeInTheDocument();
    expect(screen.getByText("Only for plain text and Word output: it changes nothing for PDF with text.")).toBeInTheDocument();
  });

  it("refuses a file OCR cannot read with the spec's sentence", () => {
    const sent = captureUpload();
    renderWith(new File(["PK"], "letter.docx"));
    fireEvent.click(screen.getByRole("button", { name: "Run OCR" }));
    expect(screen.getByTestId("probe")).toHaveTextContent("Invalid file type|Please upload a PDF or image file for OCR");
    expect(sent).toHaveLength(0);
  });

  it("refuses a dropped file that is neither a PDF nor an image, and takes a TIFF scan", async () => {
    renderWith();
    const input = screen.getByLabelText("Choose files");
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] } });
    });
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent("Invalid file type|Please upload a PDF or image file for OCR"));
    expect(fileStore.get()).toEqual([]);
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(["II*"], "page.tif", { type: "image/tiff" })] } });
    });
    await waitFor(() => expect(screen.getByRole("heading", { name: "page.tif" })).toBeInTheDocument());
  });

  it("takes at most as many additional languages as the server accepts", () => {
    renderWith(scan());
    for (const code of ["spa", "fra", "deu", "ita", "por", "rus", "jpn", "kor", "ara", "hin"]) {
      type(code);
      fireEvent.keyDown(search(), { key: "Enter" });
    }
    expect(search()).toBeDisabled();
    expect(search()).toHaveAttribute("placeholder", "At most 10 additional languages");
    fireEvent.click(screen.getByRole("button", { name: "Remove Hindi (hin)" }));
    expect(search()).toBeEnabled();
  });

  it("Change file goes back to the drop area with the default options", () => {
    renderWith(scan());
    type("deu");
    fireEvent.keyDown(search(), { key: "Enter" });
    fireEvent.change(screen.getByLabelText("Primary language"), { target: { value: "jpn" } });
    fireEvent.click(screen.getByRole("button", { name: "Change file" }));
    expect(screen.getByText("Drag & Drop your files here")).toBeInTheDocument();
    act(() => fileStore.add([scan()]));
    expect((screen.getByLabelText("Primary language") as HTMLSelectElement).value).toBe("eng");
    expect(screen.queryByRole("list", { name: "Additional languages chosen" })).toBeNull();
  });
});
