import { z } from "zod";

/**
 * zod compiles object parsers with `new Function` when it may. The site's Content-Security-Policy forbids eval,
 * so zod's probe for it would be reported as a policy violation on every tool page; the interpreted parsers are
 * fast enough for forms. Imported first by main.tsx, before any schema is used.
 */
z.config({ jitless: true });
