/**
 * Pictures read from a PDF are written as PNG, or as JPEG where they are photographs (see convert-tasks.ts): each
 * rebuilt format names and labels them by the file's own extension.
 */
export function pictureType(file: string): { extension: "png" | "jpg"; mime: "image/png" | "image/jpeg" } {
  return file.endsWith(".jpg") ? { extension: "jpg", mime: "image/jpeg" } : { extension: "png", mime: "image/png" };
}
