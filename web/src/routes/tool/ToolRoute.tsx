import { findTool } from "../../../../catalog/index.js";
import { NotFoundPage } from "../NotFoundPage.js";
import { DEDICATED_SCREENS } from "./dedicated-screens.js";
import { ToolPage } from "./ToolPage.js";

/**
 * /:toolId and /tool/:name. The id is the path without its query string; an unknown id (or a tool that exists only
 * in the API) shows the not-found page where it is, so that the mistyped address stays in the bar to be corrected
 * (the server answers such an address with a 404).
 */
export default function ToolRoute({ toolId }: { toolId: string }) {
  const id = toolId.split("?")[0]!;
  const tool = findTool(id);
  const known = tool !== undefined && tool.screen !== "api-only";
  if (!known) return <NotFoundPage />;
  const Dedicated = DEDICATED_SCREENS[tool.id];
  // The key gives each tool fresh working state: settings reset when the visitor goes to another tool.
  return Dedicated ? <Dedicated key={tool.id} tool={tool} /> : <ToolPage key={tool.id} tool={tool} />;
}
