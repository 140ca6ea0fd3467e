// Development and tests run the TypeScript sources: teach this worker thread to load them, then start the worker.
import { register } from "tsx/esm/api";

register();
await import("./program-starter-worker.ts");
