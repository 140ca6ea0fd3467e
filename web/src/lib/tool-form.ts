import { StoredResult } from "./stored-result.js";

/**
 * Settings to multipart fields, as the spec's processing call sends them: lists and objects as JSON, numbers and
 * booleans as text. Blank text and empty lists or maps are left out, so the server's default applies (the owner
 * password "only if non-blank", organize's lists "only when non-empty"). The exception is text whose default is
 * not blank (`defaults`): a visitor who clears the signature's label means no label, not the default one, and a
 * cleared watermark text gets the server's sentence asking for one rather than a silent CONFIDENTIAL.
 */
export function encodeFields(values: Record<string, unknown>, defaults: Record<string, unknown> = {}): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    // Files (the signature image, the certificate) go as their own multipart parts; see buildToolForm.
    if (value instanceof File) continue;
    if (typeof value === "string") {
      const defaultIsText = typeof defaults[name] === "string" && (defaults[name] as string).trim() !== "";
      if (value.trim() !== "" || defaultIsText) fields.push([name, value]);
    } else if (Array.isArray(value)) {
      if (value.length > 0) fields.push([name, JSON.stringify(value)]);
    } else if (typeof value === "object") {
      if (Object.keys(value).length > 0) fields.push([name, JSON.stringify(value)]);
    } else {
      fields.push([name, String(value)]);
    }
  }
  return fields;
}

/** Stored results go by their id, in their place among the files: the server takes the parts in the order sent. */
export function buildToolForm(files: readonly File[], values: Record<string, unknown>, defaults: Record<string, unknown> = {}): FormData {
  const form = new FormData();
  for (const file of files) {
    if (file instanceof StoredResult) form.append("fileIds", file.fileId);
    else form.append("files", file, file.name);
  }
  for (const [name, value] of Object.entries(values)) if (value instanceof File) form.append(name, value, value.name);
  for (const [name, value] of encodeFields(values, defaults)) form.append(name, value);
  return form;
}
