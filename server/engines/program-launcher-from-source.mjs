// Development and tests run the TypeScript sources: teach this process to load them, then start the launcher.
import { register } from "tsx/esm/api";

register();
await import("./program-launcher.ts");
