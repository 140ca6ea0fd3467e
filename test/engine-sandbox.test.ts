import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpuSecondsFor, resourceLimitsFor } from "../server/engines/engine-limits.js";
import { runProcess } from "../server/engines/process-runner.js";
import { checkJobFolder, engineSandboxState, ENGINE_UID, protectFromEngines, registerWorkArea } from "../server/engines/sandbox.js";
import { postTool, startServer } from "./helpers/server.js";

/**
 * What a program started as an engine can see and do: its own job's folder and the system's programs, nothing of
 * the project, of other jobs, of the data folder, of the machine's users or of other processes; it runs as an
 * unprivileged user under the limits of engine-limits.ts. Two job folders are made under a data folder of this
 * test's own, as the server makes them.
 */

const exec = promisify(execFile);
const PROJECT = path.resolve(".");
const TIME_LIMIT_MS = 20_000;
let dataDir: string;
let jobA: string;
let jobB: string;
const neighbourMarker = `OTHER_JOB_${process.pid}_X9`;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-sandbox-test-"));
  await fs.mkdir(path.join(dataDir, "jobs"));
  protectFromEngines(dataDir);
  registerWorkArea(path.join(dataDir, "jobs"));
  jobA = await fs.mkdtemp(path.join(dataDir, "jobs", "a-"));
  jobB = await fs.mkdtemp(path.join(dataDir, "jobs", "b-"));
  await fs.writeFile(path.join(jobB, "upload.txt"), neighbourMarker);
});
afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Runs a shell script as `engine` in job A's folder; its output, errors included. */
async function inJob(script: string, engine = "qpdf"): Promise<string> {
  const { stdout } = await runProcess({ engine, command: "sh", args: ["-c", `(${script}) 2>&1; true`], cwd: jobA, timeoutMs: TIME_LIMIT_MS });
  return stdout.toString("utf8");
}

const READ_EVERYTHING = () =>
  `cat ${PROJECT}/package.json; cat /etc/passwd; cat ${jobB}/upload.txt; ls ${dataDir}/jobs; ls /proc/${process.pid}/fd; ls /home /root`;

describe.runIf(engineSandboxState() === "on")("a program started as an engine", () => {
  it("control: the same script outside the sandbox reads all of it", async () => {
    // The probe of installed engines runs outside the sandbox.
    const out = await inJob(READ_EVERYTHING(), "probe");
    expect(out).toContain('"name": "pdf-toolbox"');
    expect(out).toContain("root:x:0:0");
    expect(out).toContain(neighbourMarker);
    expect(out).toContain(path.basename(jobB));
  });

  it("cannot read the project, the real /etc/passwd, another job's folder, the data folder or the server's files", async () => {
    const out = await inJob(READ_EVERYTHING());
    expect(out).not.toContain('"name": "pdf-toolbox"');
    expect(out).not.toContain("root:x:0:0");
    expect(out).not.toContain(neighbourMarker);
    expect(out).not.toMatch(new RegExp(`^${path.basename(jobB)}$`, "m"));
    expect(out).toContain("No such file or directory");
    // The made-up passwd names only the engines' user.
    expect(await inJob("cat /etc/passwd")).toBe(`engine:x:${ENGINE_UID}:${ENGINE_UID}:engine:/tmp:/usr/sbin/nologin\n`);
  });

  it("sees of /etc only what its engine reads: qpdf the library cache, poppler the fonts', others their configuration too", async () => {
    const seen = (listing: string) => listing.split("\n").filter(Boolean).sort();
    expect(seen(await inJob("ls -A /etc"))).toEqual(["group", "ld.so.cache", "passwd"]);
    const ghostscript = seen(await inJob("ls -A /etc", "ghostscript"));
    expect(ghostscript).toEqual(expect.arrayContaining(["fonts", "group", "ld.so.cache", "passwd"]));
    // poppler: the fonts' configuration and the local time, and fontconfig finds its fonts with them.
    const localtime = existsSync("/etc/localtime") ? ["localtime"] : [];
    expect(seen(await inJob("ls -A /etc", "poppler"))).toEqual(["fonts", "group", "ld.so.cache", ...localtime, "passwd"]);
    expect(await inJob("fc-match -f '%{file}' sans-serif", "poppler")).toMatch(/^\/usr\/share\/fonts\/\S+\.(ttf|otf|pfb|t1)$/);
    // Of /sys, only what glibc's allocator reads to use the huge pages a renderer's tunables ask for.
    const hugePages = "/sys/kernel/mm/transparent_hugepage";
    if (existsSync(`${hugePages}/enabled`)) {
      expect(seen(await inJob(`ls -A ${hugePages}`, "poppler"))).toEqual(["enabled", "hpage_pmd_size"]);
      expect(await inJob(`cat ${hugePages}/hpage_pmd_size`)).toBe(await fs.readFile(`${hugePages}/hpage_pmd_size`, "utf8"));
      expect(seen(await inJob("ls -A /sys"))).toEqual(["kernel"]);
    }
    // What qpdf is started for still works with that much: reading a PDF the server made.
    await fs.writeFile(path.join(jobA, "made.pdf"), "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const { stdout } = await runProcess({ engine: "qpdf", command: "qpdf", args: ["--show-npages", "made.pdf"], cwd: jobA, timeoutMs: TIME_LIMIT_MS, okExitCodes: [0, 3] });
    expect(stdout.toString("utf8").trim()).toBe("0");
  });

  it("sees only its own processes", async () => {
    const pids = (await inJob("ls /proc")).split(/\s+/).filter((name) => /^\d+$/.test(name));
    // bubblewrap's init, the shell, ls: a handful of small pids, none of this machine's.
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.length).toBeLessThanOrEqual(4);
    expect(pids.every((pid) => Number(pid) < 10)).toBe(true);
  });

  it("runs as an unprivileged user without capabilities, and what it writes in its folder is the server's", async () => {
    const out = await inJob("id -u; grep CapEff /proc/self/status; echo written > made.txt; touch /usr/engine-was-here; touch /etc/engine-was-here");
    expect(out.split("\n")[0]).toBe(String(ENGINE_UID));
    expect(out).toMatch(/CapEff:\s+0000000000000000/);
    expect(out).toMatch(/\/usr\/engine-was-here'?: Read-only file system/);
    expect(out).toMatch(/\/etc\/engine-was-here'?: Read-only file system/);
    expect(await fs.readFile(path.join(jobA, "made.txt"), "utf8")).toBe("written\n");
    expect((await fs.stat(path.join(jobA, "made.txt"))).uid).toBe(process.getuid!());
    await expect(fs.access("/usr/engine-was-here")).rejects.toThrow();
    await expect(fs.access("/etc/engine-was-here")).rejects.toThrow();
  });

  it("has a private /tmp, only its own folder on the way to it, and no network but its own loopback", async () => {
    const marker = path.join(dataDir, "marker-in-data");
    await fs.writeFile(marker, "x");
    // The job's folder lies under the temporary folder here: /tmp inside holds only the way to it.
    const ownWay = path.relative("/tmp", jobA).split(path.sep)[0]!;
    expect(await inJob("ls -A /tmp")).toBe(jobA.startsWith("/tmp/") ? `${ownWay}\n` : "");
    expect(await inJob(`ls -A ${dataDir}; ls -A ${dataDir}/jobs`)).toBe(`jobs\n${path.basename(jobA)}\n`);
    const interfaces = (await inJob("cat /proc/net/dev"))
      .split("\n")
      .filter((l) => /^\s*\w+:/.test(l))
      .map((l) => l.trim().split(":")[0]);
    expect(interfaces).toEqual(["lo"]);
  });

  it("started in a subfolder of its job, sees the whole job's folder and still nothing beside it", async () => {
    const sub = path.join(jobA, "file-1");
    await fs.mkdir(sub, { recursive: true });
    await fs.writeFile(path.join(jobA, "upload.pdf"), "the job's own upload");
    const { stdout } = await runProcess({
      engine: "qpdf",
      command: "sh",
      args: ["-c", `pwd; cat ${jobA}/upload.pdf; echo; ls -A ${dataDir}/jobs 2>&1; true`],
      cwd: sub,
      timeoutMs: TIME_LIMIT_MS,
    });
    expect(stdout.toString("utf8")).toBe(`${sub}\nthe job's own upload\n${path.basename(jobA)}\n`);
  });

  it("runs under the limits of engine-limits.ts", async () => {
    const limits = await inJob("cat /proc/self/limits");
    const soft = (name: string) => new RegExp(`^${name}\\s+(\\S+)`, "m").exec(limits)?.[1];
    const expected = resourceLimitsFor("qpdf");
    expect(soft("Max address space")).toBe(String(expected.addressSpaceBytes));
    expect(soft("Max file size")).toBe(String(expected.fileSizeBytes));
    expect(soft("Max processes")).toBe(String(expected.processes));
    expect(soft("Max cpu time")).toBe(String(cpuSecondsFor(TIME_LIMIT_MS)));
    expect(soft("Max core file size")).toBe("0");
    // A process over its address space limit fails to allocate instead of growing.
    const big = await inJob(`python3 -c "b = bytearray(${expected.addressSpaceBytes + 1024 ** 3}); print('allocated')"`);
    expect(big).toContain("MemoryError");
    expect(big).not.toContain("allocated");
  });
});

describe("the folder an engine is given", () => {
  it("must be a job's own: shared folders and those containing them are refused before anything runs", async () => {
    for (const dir of ["/", "/tmp", os.tmpdir(), os.homedir(), PROJECT, dataDir, path.join(dataDir, "jobs"), "/usr", "/etc", "/proc/self"]) {
      expect(() => checkJobFolder(dir), dir).toThrow(/refusing/);
      if (engineSandboxState() === "on") {
        await expect(runProcess({ engine: "qpdf", command: "true", args: [], cwd: dir, timeoutMs: 10_000 }), dir).rejects.toThrow(/refusing/);
      }
    }
    expect(checkJobFolder(jobA)).toBe(await fs.realpath(jobA));
  });
});

describe("tools that give each file a subfolder of the job", () => {
  it("still let engines read the job's uploads: PDF to Word reads a sound PDF without repairing it", async () => {
    const server = await startServer();
    try {
      const reply = await postTool(server, "pdf-to-word", [path.join(PROJECT, "test/corpus/minimal-document.pdf")]);
      expect(reply.status, reply.body.error).toBe(200);
      expect(reply.body.message ?? "").not.toMatch(/Repaired on the way/);
    } finally {
      await server.close();
    }
  });
});

describe("GET /api/health", () => {
  it("says whether engines are sandboxed", async () => {
    const server = await startServer();
    try {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { features: { engineSandbox: string } };
      expect(health.features.engineSandbox).toBe(engineSandboxState());
    } finally {
      await server.close();
    }
  });

  it("says off with ENGINE_SANDBOX=off", async () => {
    // The state is decided once per process: a server of its own, in a process started with the setting.
    const script = `
      import { startServer } from "./test/helpers/server.ts";
      const server = await startServer();
      const health = await (await fetch(server.url + "/api/health")).json();
      await server.close();
      console.log(JSON.stringify(health.features));
    `;
    const { stdout } = await exec(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      env: { ...process.env, ENGINE_SANDBOX: "off" },
      timeout: 60_000,
    });
    const features = JSON.parse(stdout.trim().split("\n").pop()!) as { engineSandbox: string };
    expect(features.engineSandbox).toBe("off");
  }, 90_000);
});
