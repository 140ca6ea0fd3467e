import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { processFolder, removeProcessFolder } from "../server/engines/process-folder.js";
import { testFolder } from "./helpers/test-folders.js";

describe("a process's own folders", () => {
  const parent = fs.mkdtempSync(path.join(fs.realpathSync("/tmp"), "pdf-toolbox-process-folder-test-"));
  const prefix = "own-";
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it("reuses one folder, removes those of ended processes and keeps those of running ones", async () => {
    // A process that has ended, and one that runs until the test ends.
    const endedPid = spawnSync("true").pid!;
    const running = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      const leftBehind = path.join(parent, `${prefix}${endedPid}-abc123`);
      const inUse = path.join(parent, `${prefix}${running.pid}-def456`);
      const unrelated = path.join(parent, `${prefix}notes`);
      for (const dir of [leftBehind, inUse, unrelated]) fs.mkdirSync(dir);

      const own = processFolder(prefix, { parent });
      expect(path.basename(own)).toMatch(new RegExp(`^${prefix}${process.pid}-\\w+$`));
      expect(processFolder(prefix, { parent })).toBe(own);
      expect(fs.existsSync(leftBehind)).toBe(false);
      expect(fs.existsSync(inUse)).toBe(true);
      expect(fs.existsSync(unrelated)).toBe(true);

      removeProcessFolder(prefix, { parent });
      expect(fs.existsSync(own)).toBe(false);
      const next = processFolder(prefix, { parent });
      expect(next).not.toBe(own);
      expect(fs.statSync(next).isDirectory()).toBe(true);
    } finally {
      running.kill();
    }
  });

  it("gives the helpers' fixture and download folders one root of the test process's own", async () => {
    const [a, b] = await Promise.all([testFolder("fixture-"), testFolder("dl-")]);
    expect(path.dirname(a)).toBe(path.dirname(b));
    expect(path.basename(path.dirname(a))).toMatch(new RegExp(`^pdf-toolbox-test-files-${process.pid}-`));
  });
});
