// @vitest-environment node
import { describe, expect, it } from "vitest";
import { currentValues } from "./MetadataSettings.js";

describe("the metadata a file holds, as the Edit Metadata fields take it", () => {
  it("takes the text entries and custom ones, and leaves out blanks and what is not text", () => {
    expect(
      currentValues({ Title: "Report", Author: "", Producer: "pdf-lib", CreationDate: "D:2024", Trapped: { name: "False" }, Custom: { Project: "Apollo", Odd: 3 } }),
    ).toEqual({ title: "Report", producer: "pdf-lib", custom: { Project: "Apollo" } });
    expect(currentValues({})).toEqual({});
  });
});
