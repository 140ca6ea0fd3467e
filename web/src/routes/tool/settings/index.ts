import type { ComponentType } from "react";
import { ConvertSettings } from "./ConvertSettings.js";
import { DeletePagesSettings } from "./DeletePagesSettings.js";
import { MetadataSettings } from "./MetadataSettings.js";
import { OrganizeSettings } from "./OrganizeSettings.js";
import { PageNumberSettings } from "./PageNumberSettings.js";
import { ProtectSettings } from "./ProtectSettings.js";
import { SchemaSettings } from "./SchemaSettings.js";
import { CompressSettings, RotateSettings, SplitSettings } from "./SimpleSettings.js";
import type { SettingsProps } from "./types.js";
import { UnlockSettings } from "./UnlockSettings.js";
import { WatermarkSettings } from "./WatermarkSettings.js";

/** The settings panel of each tool on the generic screen; a tool not named here sends only its files. */
export const SETTINGS_PANELS: Partial<Record<string, ComponentType<SettingsProps>>> = {
  "add-watermark": WatermarkSettings,
  "protect-pdf": ProtectSettings,
  "encrypt-pdf": ProtectSettings,
  "unlock-pdf": UnlockSettings,
  "decrypt-pdf": UnlockSettings,
  "delete-pages": DeletePagesSettings,
  "add-page-numbers": PageNumberSettings,
  "organize-pdf": OrganizeSettings,
  "split-pdf": SplitSettings,
  "rotate-pdf": RotateSettings,
  "compress-pdf": CompressSettings,
  "flatten-pdf": SchemaSettings,
  "edit-metadata": MetadataSettings,
  "crop-pdf": SchemaSettings,
  "remove-blank-pages": SchemaSettings,
  "n-up-pdf": SchemaSettings,
  "extract-images": SchemaSettings,
  "sanitize-pdf": SchemaSettings,
  "html-to-pdf": SchemaSettings,
  "pdf-to-jpg": ConvertSettings,
  "pdf-to-png": ConvertSettings,
  "pdf-to-svg": ConvertSettings,
  "jpg-to-pdf": ConvertSettings,
  "pdf-to-excel": ConvertSettings,
  "pdf-to-ppt": ConvertSettings,
  "pdf-to-html": ConvertSettings,
  "pdf-to-text": ConvertSettings,
  "extract-text": ConvertSettings,
  "word-to-pdf": ConvertSettings,
  "pdf-to-markdown": ConvertSettings,
  "pdf-to-epub": ConvertSettings,
  "pdf-to-rtf": ConvertSettings,
  "pdf-to-pdf-a": ConvertSettings,
};
