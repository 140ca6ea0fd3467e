/**
 * What qpdf's `--show-npages --show-pages` says about a file, wherever qpdf ran: the page count the root states,
 * the pages found by walking the tree, and whether qpdf warned about the tree on the way. A tool works on a file
 * whose tree holds what it states; another is rebuilt first (on the server, by MuPDF).
 */

export interface PageTreeReading {
  /** The root's /Count (--show-npages does not walk the tree). */
  pageCount: number;
  /** Pages found by walking the tree. */
  walkedPages: number;
  treeWarnings: boolean;
}

/** The arguments of the one run that reads both, with `before` (a check) ahead of them. */
export function pageTreeArgs(file: string, before: readonly string[] = []): string[] {
  return [...before, "--show-npages", "--show-pages", file];
}

/** Words of qpdf warnings about the page tree itself. */
const TREE_WARNINGS = ["pages tree", "/pages", "/count"];

export function warnsAboutTree(exitCode: number, stderr: string): boolean {
  return exitCode === 3 && TREE_WARNINGS.some((w) => stderr.toLowerCase().includes(w));
}

export function countPageLines(stdout: string): number {
  let pages = 0;
  for (const line of stdout.split("\n")) if (line.startsWith("page ")) pages++;
  return pages;
}

/** The reading of a run of pageTreeArgs, or undefined where it printed no page count. */
export function readPageTree(stdout: string, stderr: string, exitCode: number): PageTreeReading | undefined {
  // A check's report holds no line that is a bare number: the first one is --show-npages's answer.
  const declared = /^(\d+)$/m.exec(stdout);
  if (!declared) return undefined;
  return { pageCount: Number(declared[1]), walkedPages: countPageLines(stdout), treeWarnings: warnsAboutTree(exitCode, stderr) };
}

export function treeIsSound(reading: PageTreeReading): boolean {
  return reading.walkedPages === reading.pageCount && !reading.treeWarnings;
}
