import { serveTasks, type TaskFunction } from "../serve-tasks.js";
import { mupdfErrorKind } from "./error-kind.js";
import { tasks } from "./tasks.js";

/** One MuPDF process (see pool.ts): MuPDF is loaded once and serves tasks until the pool lets it go. */
serveTasks(tasks as unknown as Record<string, TaskFunction>, mupdfErrorKind);
