/** The most pages one document may have, unless the server is configured otherwise (MAX_PAGES). */
export const DEFAULT_MAX_PAGES = 5000;
