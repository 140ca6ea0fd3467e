import { afterAll } from "vitest";
import { removeTestFolders } from "./test-folders.js";

// Registered before the file's own hooks, so it runs after them: their servers are closed, their files read.
afterAll(() => removeTestFolders());
