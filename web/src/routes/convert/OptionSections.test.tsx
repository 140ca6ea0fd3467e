import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FORMAT_KEYS, type FormatKey } from "../../../../catalog/index.js";
import { decodeOptions } from "../../../../server/http/form-options.js";
import { shapeOf } from "../../lib/option-schema.js";
import { encodeFields } from "../../lib/tool-form.js";
import type { Values } from "../tool/settings/types.js";
import { formatTool, targetName } from "./format-groups.js";
import { OptionSections } from "./OptionSections.js";
import { controlKind, fieldText, optionSections, valuesForFormat } from "./option-fields.js";
import { provideResizeObserver } from "./test-dom.js";
import { useOptionValues } from "./use-option-values.js";

provideResizeObserver();

/** The sections of one format with live values; `latest` always holds what the screen would send. */
function renderFormat(format: FormatKey) {
  const tool = formatTool(format);
  const latest: { values: Values } = { values: {} };
  function Harness() {
    const { values, setValues } = useOptionValues(() => valuesForFormat(tool.options, {}));
    latest.values = values;
    return <OptionSections schema={tool.options} target={targetName(tool)} values={values} setValues={setValues} />;
  }
  render(<Harness />);
  return latest;
}

/** What the server makes of the multipart fields the screen sends for these values. */
function serverReading(format: FormatKey, values: Values) {
  const fields = new Map<string, string[]>();
  for (const [name, value] of encodeFields(values)) fields.set(name, [value]);
  return decodeOptions(formatTool(format).options, fields);
}

describe("conversion options generated from the catalogue", () => {
  it("has a control for every field of every format, in a General section and the format's own", () => {
    for (const format of FORMAT_KEYS) {
      const schema = formatTool(format).options;
      for (const key of Object.keys(shapeOf(schema))) expect(controlKind(schema, key), `${format}.${key}`).toBeDefined();
      const sections = optionSections(schema, targetName(formatTool(format)));
      expect(sections.flatMap((s) => s.keys).sort()).toEqual(Object.keys(shapeOf(schema)).sort());
      expect(sections[0]!.title).toBe("General Options");
    }
    expect(optionSections(formatTool("pdf-to-jpg").options, "JPG").map((s) => s.title)).toEqual(["General Options", "JPG Options"]);
    // PDF to PowerPoint has only the shared fields.
    expect(optionSections(formatTool("pdf-to-ppt").options, "PowerPoint").map((s) => s.title)).toEqual(["General Options"]);
  });

  it("shows one labelled control per field, no more and no fewer", () => {
    renderFormat("pdf-to-html");
    const schema = formatTool("pdf-to-html").options;
    for (const key of Object.keys(shapeOf(schema))) expect(screen.getByLabelText(fieldText(key).label)).toBeInTheDocument();
    const controls = screen.getAllByRole("switch").length + screen.getAllByRole("slider").length + screen.queryAllByRole("combobox").length + screen.getAllByRole("textbox").length;
    expect(controls).toBe(Object.keys(shapeOf(schema)).length);
  });

  it("starts from the spec's defaults, and the server reads them back unchanged", () => {
    const latest = renderFormat("pdf-to-word");
    expect(latest.values).toEqual({
      preserveFormatting: true,
      ocrEnabled: false,
      quality: 80,
      pageRange: "",
      detectTables: true,
      embedFonts: true,
      outputDocumentFormat: "docx",
    });
    expect(serverReading("pdf-to-word", latest.values)).toEqual(latest.values);
  });

  it("sends every option changed on screen, as the server reads it", () => {
    const latest = renderFormat("pdf-to-jpg");
    fireEvent.change(screen.getByLabelText("Resolution"), { target: { value: "72" } });
    fireEvent.change(screen.getByLabelText("Colour space"), { target: { value: "grayscale" } });
    fireEvent.change(screen.getByLabelText("Image format"), { target: { value: "png" } });
    fireEvent.change(screen.getByLabelText("Page range"), { target: { value: "1-2" } });
    fireEvent.click(screen.getByLabelText("Recognise text in scans (OCR)"));
    fireEvent.click(screen.getByLabelText("Preserve formatting"));
    // Quality moves in the spec's steps of five.
    const quality = screen.getByRole("slider");
    act(() => quality.focus());
    fireEvent.keyDown(quality, { key: "ArrowRight" });
    const expected = {
      preserveFormatting: false,
      ocrEnabled: true,
      quality: 85,
      pageRange: "1-2",
      imageResolution: 72,
      imageFormat: "png",
      colorSpace: "grayscale",
    };
    expect(latest.values).toEqual(expected);
    expect(serverReading("pdf-to-jpg", latest.values)).toEqual(expected);
  });

  it("words choices for people while sending the catalogue's values", () => {
    renderFormat("pdf-to-jpg");
    const resolution = screen.getByLabelText("Resolution");
    expect(within(resolution).getAllByRole("option").map((o) => [o.getAttribute("value"), o.textContent])).toEqual([
      ["72", "72 DPI"],
      ["150", "150 DPI"],
      ["300", "300 DPI"],
      ["600", "600 DPI"],
    ]);
    expect((resolution as HTMLSelectElement).value).toBe("300");
  });

  it("collapses and reopens a section", () => {
    renderFormat("pdf-to-markdown");
    const trigger = screen.getByRole("button", { name: "Markdown Options" });
    expect(screen.getByLabelText("Heading style")).toBeInTheDocument();
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByLabelText("Heading style")).toBeNull();
    fireEvent.click(trigger);
    expect(screen.getByLabelText("Heading style")).toBeInTheDocument();
  });

  it("keeps settings the next format also has, and takes defaults for the rest", () => {
    const word = { ...valuesForFormat(formatTool("pdf-to-word").options, {}), quality: 60, preserveFormatting: false, outputDocumentFormat: "odt" };
    expect(valuesForFormat(formatTool("pdf-to-text").options, word)).toEqual({ preserveFormatting: false, ocrEnabled: false, pageRange: "" });
    expect(valuesForFormat(formatTool("pdf-to-png").options, word)).toMatchObject({ quality: 60, imageResolution: 300, colorSpace: "rgb" });
    expect(valuesForFormat(formatTool("pdf-to-png").options, word)).not.toHaveProperty("outputDocumentFormat");
  });
});
