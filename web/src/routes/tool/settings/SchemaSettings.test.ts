// @vitest-environment node
import { describe, expect, it } from "vitest";
import { entriesOf } from "./SchemaSettings.js";

describe("custom entries typed one a line", () => {
  it("splits each line at its first colon, trims, and skips lines without one", () => {
    expect(entriesOf("Project: Apollo\n  Ref : a:b:c \nno colon here\n: nameless\nGone:")).toEqual({ Project: "Apollo", Ref: "a:b:c", Gone: "" });
    expect(entriesOf("")).toEqual({});
  });
});
