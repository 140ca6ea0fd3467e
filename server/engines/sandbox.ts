import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { processFolder } from "./process-folder.js";

/**
 * Engines run in a filesystem sandbox (bubblewrap). A crafted document can make an engine read files: an office
 * document linking file:///etc/passwd, the project's own files, or /proc/<server>/fd/N (another visitor's upload
 * while it arrives), and a bug in an engine would give the file's author the engine's rights. So each program sees
 *   - the system's programs and data read-only (/usr, and the few files under /etc and /var engines read: fonts
 *     configuration, library cache, Ghostscript's, LibreOffice's and Python's own), and a made-up /etc/passwd and
 *     /etc/group naming only the engines' user;
 *   - its job's own folder read-write at its own path, so that the paths on its command line stay valid; nothing
 *     of other jobs, of DATA_DIR, of the project or of any home folder;
 *   - a private /tmp, a fresh /proc in a PID namespace of its own (only its own processes), a minimal /dev;
 *   - new user, IPC, UTS and network namespaces: it runs as user 65534 without capabilities, and its network holds
 *     only a loopback of its own (ENGINE_NETWORK_SANDBOX=off shares the host's network instead).
 * Nothing changes owner: in the user namespace, user 65534 inside is the server's own user outside, so the files it
 * writes in the job's folder belong to the server as before.
 *
 * No --new-session: the runner already starts every program in a session and process group of its own (detached)
 * without a terminal, and a kill of that group must still reach bubblewrap; the sandboxed program dies with it
 * (--die-with-parent, and the end of its PID namespace).
 *
 * Where bubblewrap is missing or namespaces are forbidden, the sandbox is "unavailable": engines run without it, the
 * server says so in its log and in GET /api/health, and office documents are refused. ENGINE_SANDBOX=off turns it
 * off on purpose (office documents included).
 */

export type SandboxState = "on" | "off" | "unavailable";

/** What one sandboxed program may see besides the system. */
export interface SandboxView {
  /** The job's own folder, read-write; checked with checkJobFolder. */
  workDir: string;
  /** Where the program starts (inside workDir); default workDir. */
  cwd?: string;
  /**
   * Bind workDir as the program's /tmp instead of at its own path: programs that meet over /tmp (LibreOffice and
   * its bridge, whose UNO pipe is a socket there) share one folder that way. Paths then are given as seen inside.
   */
  workDirAsTmp?: boolean;
  /**
   * Extra files or folders it may read, bound at the paths given (what the program asks for), with the content of
   * their real paths (a link's target, which the checks apply to); or a file of ours shown at another path.
   */
  readOnly?: readonly (string | ReadOnlyBind)[];
  /**
   * Which of the system's files besides /usr it sees: "libraries" only the library cache (and the made-up passwd
   * and group), for programs that read no configuration; "fonts" the fonts' configuration and cache and the local
   * time besides, for programs that draw text and print dates and read nothing else of /etc; "all" (default) every
   * path of SYSTEM_PATHS. Each path is a mount that bubblewrap makes at every start: a dozen fewer take a few
   * milliseconds off each run of a program started many times a second, and show it less.
   */
  systemFiles?: "all" | "fonts" | "libraries";
}

/** A file or folder (`source`, checked as any read-only extra) shown read-only at `at`. */
export interface ReadOnlyBind {
  source: string;
  at: string;
}

/** The user (and group) engines run as inside their user namespace. */
export const ENGINE_UID = 65534;

/** What programs find on PATH inside: the system's folders only. */
export const SANDBOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/**
 * Where glibc's allocator learns whether and how large transparent huge pages are: without them, a program whose
 * tunables ask for huge pages (the page renderers) gets none, and faults in each page of its bitmaps one by one.
 */
const HUGE_PAGE_FILES = ["/sys/kernel/mm/transparent_hugepage/enabled", "/sys/kernel/mm/transparent_hugepage/hpage_pmd_size"];

/** System paths engines read besides /usr, each bound read-only when it exists. */
const SYSTEM_PATHS = [
  ...HUGE_PAGE_FILES,
  "/etc/ld.so.cache",
  "/etc/ld.so.conf",
  "/etc/ld.so.conf.d",
  "/etc/alternatives",
  "/etc/fonts",
  "/etc/ghostscript",
  "/etc/libreoffice",
  "/etc/ImageMagick-6",
  "/etc/papersize",
  "/etc/libpaper.d",
  "/etc/localtime",
  "/etc/locale.alias",
  "/etc/nsswitch.conf",
  "/etc/python3",
  ...pythonConfigs(),
  "/var/cache/fontconfig",
  "/var/lib/ghostscript",
  "/var/lib/libreoffice",
];

/** The merged-/usr links (/bin -> usr/bin); on a system without them, the folders themselves, read-only. */
const TOP_LINKS = ["bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/** System folders an engine is never given, nor anything inside them. */
const SYSTEM_ROOTS = ["/usr", "/etc", "/proc", "/dev", "/sys", "/boot", "/run", "/bin", "/sbin", "/lib", "/lib64"];

/** This project's folder (server/engines/ is two levels down). */
const PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function pythonConfigs(): string[] {
  try {
    return fs
      .readdirSync("/etc")
      .filter((name) => /^python3\.\d+$/.test(name))
      .map((name) => `/etc/${name}`);
  } catch {
    return [];
  }
}

const protectedFolders = new Set<string>();

/**
 * Folders no engine may be given nor any folder containing them: the data folder, the store, the work area.
 * openStorage names them; DATA_DIR from the environment counts too.
 */
export function protectFromEngines(...dirs: readonly string[]): void {
  for (const dir of dirs) protectedFolders.add(path.resolve(dir));
}

const workAreas = new Set<string>();

/**
 * The folder under which each job has a folder of its own (WorkDirs' root); protected like the data folder. An
 * engine started anywhere inside a job's folder (a tool may give each of its files a subfolder) is given the whole
 * job's folder, where its uploads are, and nothing beside it.
 */
export function registerWorkArea(root: string): void {
  protectFromEngines(root);
  workAreas.add(realOrResolved(root));
}

/** The job's folder that holds `dir`, when `dir` lies in a registered work area; otherwise `dir` itself. */
function jobFolderHolding(dir: string): string {
  const real = realOrResolved(dir);
  for (const area of workAreas) {
    const rel = path.relative(area, real);
    if (rel && !rel.startsWith("..") && !path.isAbsolute(rel)) return path.join(area, rel.split(path.sep)[0]!);
  }
  return real;
}

function contains(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer === "/" ? "/" : outer + "/");
}

function realOrResolved(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * Checks that `dir` may be given to an engine as its job's folder, and returns its real path. Throws for a folder
 * that does not exist, a system folder, or a shared folder or anything containing one: /, /tmp, the temporary folder,
 * a home folder, this project, DATA_DIR and the folders openStorage protected. Called before any sandbox is built,
 * so that a wrong caller fails instead of exposing a shared folder.
 */
export function checkJobFolder(dir: string): string {
  if (!path.isAbsolute(dir)) throw new Error(`refusing to give an engine a relative folder: ${dir}`);
  const real = fs.realpathSync(dir);
  if (!fs.statSync(real).isDirectory()) throw new Error(`refusing to give an engine ${real}: not a folder`);
  if (sharedFolders().some((p) => contains(real, p)) || SYSTEM_ROOTS.some((root) => contains(root, real))) {
    throw new Error(`refusing to give an engine ${real}: not a job's own folder`);
  }
  return real;
}

/** Real paths of shared folders that exist, found once: a folder that does not exist yet is looked at again. */
const sharedReal = new Map<string, string>();

/**
 * The shared folders no job's folder may contain, each as named and as its real path. Every engine start checks its
 * folder against them, and resolving them all each time was a few dozen file-system calls a start.
 */
function sharedFolders(): string[] {
  const named = [
    "/tmp",
    "/var/tmp",
    "/home",
    "/root",
    os.tmpdir(),
    os.homedir(),
    process.env.HOME,
    process.cwd(),
    PROJECT_DIR,
    process.env.DATA_DIR,
    ...protectedFolders,
    ...SYSTEM_PATHS,
  ].filter((p): p is string => Boolean(p));
  return named.flatMap((p) => {
    let real = sharedReal.get(p);
    if (real === undefined) {
      try {
        real = fs.realpathSync(p);
        sharedReal.set(p, real);
      } catch {
        real = path.resolve(p);
      }
    }
    return [path.resolve(p), real];
  });
}

let state: SandboxState | undefined;
let identityDir: string | undefined;

/** Whether engines run sandboxed: decided once, by running a program through the sandbox. */
export function engineSandboxState(): SandboxState {
  if (state) return state;
  if (process.env.ENGINE_SANDBOX === "off") return (state = "off");
  let probeDir: string | undefined;
  try {
    probeDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-toolbox-sandbox-probe-"));
    const args = bwrapArgs({ workDir: probeDir }, "/bin/sh", ["-c", "id -u > probe"]);
    const run = spawnSync("bwrap", args, { cwd: probeDir, stdio: "ignore", timeout: 10_000, env: { PATH: SANDBOX_PATH } });
    const uid = run.status === 0 ? fs.readFileSync(path.join(probeDir, "probe"), "utf8").trim() : "";
    state = uid === String(ENGINE_UID) ? "on" : "unavailable";
  } catch {
    state = "unavailable";
  } finally {
    if (probeDir) fs.rmSync(probeDir, { recursive: true, force: true });
  }
  return state;
}

/** A sentence for the log when the sandbox is not on, or undefined. */
export function sandboxWarning(): string | undefined {
  switch (engineSandboxState()) {
    case "on":
      return undefined;
    case "off":
      return "ENGINE_SANDBOX=off: engines run without a filesystem sandbox and can read any file this server can, office documents included.";
    case "unavailable":
      return "The engine sandbox (bubblewrap) could not be started: engines run without a filesystem sandbox and office documents are refused. Install bubblewrap and allow user namespaces, or set ENGINE_SANDBOX=off to accept the risk.";
  }
}

/** A passwd and group naming only the engines' user, so that programs asking who they are get an answer. */
function identityFiles(): { passwd: string; group: string } {
  if (!identityDir) {
    const dir = processFolder("pdf-toolbox-sandbox-", { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "passwd"), `engine:x:${ENGINE_UID}:${ENGINE_UID}:engine:/tmp:/usr/sbin/nologin\n`, { mode: 0o644 });
    fs.writeFileSync(path.join(dir, "group"), `engine:x:${ENGINE_UID}:\n`, { mode: 0o644 });
    identityDir = dir;
  }
  return { passwd: path.join(identityDir, "passwd"), group: path.join(identityDir, "group") };
}

/** The library cache (where the dynamic linker finds libraries without searching every folder) and the allocator's. */
const LIBRARY_PATHS = ["/etc/ld.so.cache", ...HUGE_PAGE_FILES];

const FONT_PATHS = [...LIBRARY_PATHS, "/etc/fonts", "/var/cache/fontconfig", "/etc/localtime"];

const VIEWS: Record<NonNullable<SandboxView["systemFiles"]>, readonly string[]> = { libraries: LIBRARY_PATHS, fonts: FONT_PATHS, all: SYSTEM_PATHS };

const systemArgs = new Map<NonNullable<SandboxView["systemFiles"]>, string[]>();

function systemMountArgs(systemFiles: NonNullable<SandboxView["systemFiles"]>): string[] {
  const known = systemArgs.get(systemFiles);
  if (known) return known;
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const name of TOP_LINKS) {
    const host = `/${name}`;
    try {
      const stat = fs.lstatSync(host);
      if (stat.isSymbolicLink()) args.push("--symlink", fs.readlinkSync(host), host);
      else if (stat.isDirectory()) args.push("--ro-bind", host, host);
    } catch {
      // Not on this system.
    }
  }
  for (const p of VIEWS[systemFiles]) args.push("--ro-bind-try", p, p);
  const ids = identityFiles();
  args.push("--ro-bind", ids.passwd, "/etc/passwd", "--ro-bind", ids.group, "/etc/group");
  systemArgs.set(systemFiles, args);
  return args;
}

/** Where the program starts, as seen inside. */
function cwdInside(view: SandboxView, workDir: string): string {
  const cwd = view.cwd ? realOrResolved(view.cwd) : workDir;
  if (!contains(workDir, cwd)) throw new Error(`refusing to start an engine in ${cwd}: outside its folder ${workDir}`);
  return view.workDirAsTmp ? path.join("/tmp", path.relative(workDir, cwd)) : cwd;
}

/**
 * bubblewrap's arguments that run `command` with `args` in the sandbox described by `view` (the program name
 * "bwrap" not included). Throws when the view's folders are not a job's own.
 */
export function bwrapArgs(view: SandboxView, command: string, args: readonly string[]): string[] {
  const workDir = checkJobFolder(jobFolderHolding(view.workDir));
  const readOnly = (view.readOnly ?? []).map((p) =>
    typeof p === "string" ? { real: checkJobFolderOrFile(p), at: path.resolve(p) } : { real: checkJobFolderOrFile(p.source), at: path.resolve(p.at) },
  );
  const own = view.workDirAsTmp ? ["--bind", workDir, "/tmp"] : ["--perms", "1777", "--tmpfs", "/tmp", "--bind", workDir, workDir];
  const network = process.env.ENGINE_NETWORK_SANDBOX === "off" ? ["--share-net"] : [];
  return [
    "--unshare-all",
    "--unshare-user",
    ...network,
    "--uid",
    String(ENGINE_UID),
    "--gid",
    String(ENGINE_UID),
    "--die-with-parent",
    "--hostname",
    "engine",
    ...systemMountArgs(view.systemFiles ?? "all"),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    ...own,
    ...readOnly.flatMap(({ real, at }) => ["--ro-bind", real, at]),
    // The sandbox's own root (where /etc's few files are bound) read-only too; /tmp, /dev and the job stay writable.
    "--remount-ro",
    "/",
    "--chdir",
    cwdInside(view, workDir),
    "--",
    command,
    ...args,
  ];
}

/** A read-only extra: a file, or a folder under the same rules as a job's folder. */
function checkJobFolderOrFile(p: string): string {
  const real = fs.realpathSync(p);
  if (fs.statSync(real).isDirectory()) return checkJobFolder(real);
  checkJobFolder(path.dirname(real));
  return real;
}
