import type { z } from "zod";
import type { FileKind } from "./file-kinds.js";

/** The home grid's category tabs ("All Tools" is every category). */
export const TOOL_CATEGORIES = [
  { id: "convert", label: "Convert PDF" },
  { id: "edit", label: "Edit PDF" },
  { id: "organize", label: "Organize PDF" },
  { id: "secure", label: "Secure PDF" },
  { id: "sign", label: "Sign & Forms" },
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number]["id"];

/** Where the web app shows a tool: the shared generic screen, a screen of its own, or only inside Convert PDF. */
export type ToolScreen = "generic" | "dedicated" | "convert-format" | "api-only";

/** A file field beyond the main `files` field (the signature image, the certificate). */
export interface ExtraFileField {
  name: string;
  kinds: readonly FileKind[];
  label: string;
}

export interface ToolDefinition {
  id: string;
  name: string;
  description: string;
  category: ToolCategory;
  /** A lucide icon name; the web app maps it to the component. */
  icon: string;
  screen: ToolScreen;
  /** Shown as a card in the home grid and the menus. */
  listed: boolean;
  /** Kinds accepted in the `files` field. */
  accepts: readonly FileKind[];
  multiple: boolean;
  minFiles: number;
  maxFiles: number;
  /** The sentence when fewer than minFiles arrive (beyond the first, which every tool needs). */
  minFilesMessage?: string;
  /** The sentence when more than maxFiles arrive. */
  maxFilesMessage?: string;
  extraFiles?: readonly ExtraFileField[];
  /** Multipart fields other than files, with their defaults and bounds. */
  options: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  /** Another tool whose processor does this tool's work (encrypt-pdf is protect-pdf under another name). */
  sameAs?: string;
  /** Convert PDF dispatches to the format named by this field. */
  dispatchField?: { name: string; targets: readonly string[]; defaultTarget: string };
  /** What the API documentation adds to the description: the order files go in, the shape of the result. */
  apiNote?: string;
  /** The process button text on the generic screen. */
  processLabel?: string;
}
