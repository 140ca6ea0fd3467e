// @vitest-environment node
import { describe, expect, it } from "vitest";
import { redactOptions } from "../../../../catalog/options/redact.js";
import { areaFromDrag, centredArea, describeArea, toRequest } from "./redaction-areas.js";

const page = { width: 595, height: 842 };

describe("areas drawn on the page", () => {
  it("span the drag whichever way it went, kept on the page", () => {
    expect(areaFromDrag(1, [150, 432], [66, 396], page)).toEqual({ page: 1, x: 66, y: 396, width: 84, height: 36 });
    expect(areaFromDrag(2, [-20, 800], [100, 900], page)).toEqual({ page: 2, x: 0, y: 800, width: 100, height: 42 });
  });

  it("are not made by a click or a drag too thin to see", () => {
    expect(areaFromDrag(1, [10, 10], [11, 200], page)).toBeNull();
    expect(areaFromDrag(1, [10, 10], [10, 10], page)).toBeNull();
  });

  it("go to the server rounded, within the catalogue's bounds, and are named by page and size", () => {
    const area = { id: 7, page: 3, x: 10.123, y: 20.456, width: 30.789, height: 0.4 };
    const sent = toRequest(area);
    expect(sent).toEqual({ page: 3, x: 10.12, y: 20.46, width: 30.79, height: 1 });
    expect(redactOptions.safeParse({ areas: [sent] }).success).toBe(true);
    expect(describeArea(sent)).toBe("Page 3: 31 × 1 pt");
    const centred = centredArea(1, { width: 100, height: 20 });
    expect(centred).toEqual({ page: 1, x: 0, y: 0, width: 100, height: 20 });
  });
});
