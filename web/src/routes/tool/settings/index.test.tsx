import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOOLS, type ToolDefinition } from "../../../../../catalog/index.js";
import { optionDefaults, shapeOf } from "../../../lib/option-schema.js";
import { fieldText, shownFields } from "../../convert/option-fields.js";
import { provideResizeObserver } from "../../convert/test-dom.js";
import { DEDICATED_SCREENS } from "../dedicated-screens.js";
import { ConvertSettings } from "./ConvertSettings.js";
import { SETTINGS_PANELS } from "./index.js";
import { metaOf } from "./SchemaSettings.js";

provideResizeObserver();

/** The tools whose page is the generic screen: every one with an address but no screen of its own. */
const GENERIC_PAGES = TOOLS.filter((tool) => tool.screen !== "api-only" && !DEDICATED_SCREENS[tool.id]);

/** The fields a visitor could set on the tool's page: its schema but those it cannot apply or does not offer. */
function offeredFields(tool: ToolDefinition): string[] {
  const shape = shapeOf(tool.options);
  return shownFields(tool).filter((key) => !metaOf(shape[key]!).hidden);
}

describe("settings on the generic tool pages", () => {
  it("gives every tool with settings in the catalogue a panel, so that no page sends only the defaults", () => {
    const withSettings = GENERIC_PAGES.filter((tool) => offeredFields(tool).length > 0).map((tool) => tool.id);
    expect(withSettings.length).toBeGreaterThan(20);
    expect(withSettings.filter((id) => !SETTINGS_PANELS[id])).toEqual([]);
  });

  it("shows each conversion's every offered field, by the label the Convert screen gives it", () => {
    const conversions = GENERIC_PAGES.filter((tool) => SETTINGS_PANELS[tool.id] === ConvertSettings);
    expect(conversions.map((tool) => tool.id)).toEqual(expect.arrayContaining(["pdf-to-excel", "pdf-to-ppt", "pdf-to-html", "pdf-to-text", "word-to-pdf"]));
    for (const tool of conversions) {
      const { unmount } = render(<ConvertSettings tool={tool} values={optionDefaults(tool.options)} setValues={() => undefined} file={undefined} />);
      for (const key of offeredFields(tool)) expect(screen.getAllByText(fieldText(key).label), `${tool.id}: ${key}`).not.toHaveLength(0);
      unmount();
    }
  });
});
