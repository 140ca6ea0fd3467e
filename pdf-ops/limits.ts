/** The most pages one document may have, unless the server is configured otherwise (MAX_PAGES). */
export const DEFAULT_MAX_PAGES = 5000;

/** Pixels one image may declare in its header; refused before anything decodes it. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * PNGs embedded by pdf-lib are decoded and deflated on one thread (the server's main thread, the browser's worker),
 * so JPG to PDF takes smaller ones (JPEG bytes are embedded as they are).
 */
export const MAX_EMBEDDED_PNG_PIXELS = 40_000_000;
