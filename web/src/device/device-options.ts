import type { ToolDefinition } from "../../../catalog/index.js";
import { decodeOptions } from "../../../pdf-ops/options.js";
import { optionDefaults } from "../lib/option-schema.js";
import { encodeFields } from "../lib/tool-form.js";

/**
 * The screen's settings as the server would read them: encoded as the form fields it would be sent, then decoded
 * and checked by the server's own code, so that a device run refuses exactly what the server refuses.
 */
export function deviceOptions(tool: ToolDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const fields = new Map(encodeFields(values, optionDefaults(tool.options)).map(([name, value]) => [name, [value]]));
  return decodeOptions(tool.options, fields);
}
