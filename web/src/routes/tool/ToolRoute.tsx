import { useEffect } from "react";
import { useLocation } from "wouter";
import { findTool } from "../../../../catalog/index.js";
import { DEDICATED_SCREENS } from "./dedicated-screens.js";
import { ToolPage } from "./ToolPage.js";

/**
 * /:toolId and /tool/:name. The id is the path without its query string; an unknown id (or a tool that exists only
 * in the API) replaces the history entry with /not-found.
 */
export default function ToolRoute({ toolId }: { toolId: string }) {
  const id = toolId.split("?")[0]!;
  const tool = findTool(id);
  const known = tool !== undefined && tool.screen !== "api-only";
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!known) navigate("/not-found", { replace: true });
  }, [known, navigate]);
  if (!known) return null;
  const Dedicated = DEDICATED_SCREENS[tool.id];
  // The key gives each tool fresh working state: settings reset when the visitor goes to another tool.
  return Dedicated ? <Dedicated key={tool.id} tool={tool} /> : <ToolPage key={tool.id} tool={tool} />;
}
