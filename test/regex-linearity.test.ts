import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every regular expression literal in the code that sees visitors' input (server/, catalog/, pdf-ops/, web/src/) is run against
 * long crafted strings: runs of one or two characters taken from the pattern itself and from common text, ending
 * in a character nothing expects so that the match must fail. A pattern that backtracks over a run from every
 * position in it (nested repeats, `\s*\n\s*`, `(.*?)(\s*)$`) takes seconds on such a string; a linear one
 * microseconds. This stands in for a lint rule (eslint-plugin-regexp is not a dependency).
 */

const ROOTS = ["server", "catalog", "pdf-ops", "web/src"];
const SCREEN_LENGTH = 3_000;
const CONFIRM_LENGTH = 30_000;
const CONFIRM_LIMIT_MS = 250;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface Found {
  where: string;
  regex: RegExp;
}

function regexLiterals(file: string): Found[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Found[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(source);
      const slash = literal.lastIndexOf("/");
      const flags = literal.slice(slash + 1).replace(/[gy]/g, "");
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ where: `${file}:${line + 1} ${literal}`, regex: new RegExp(literal.slice(1, slash), flags) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const COMMON = [" ", "\t", "\n", "\r", "\u00a0", "a", "Z", "1", "0", "-", ",", ";", ".", "/", "\\", "<", ">", "&", "#", "%", "*", "_", "é", "(", ")", "[", "]", ":", "=", '"', "'", "`", "|"];

/** Characters the pattern names literally (escapes read as the character they stand for). */
function patternCharacters(source: string): string[] {
  const chars = new Set<string>();
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\" && i + 1 < source.length) {
      const next = source[++i]!;
      const map: Record<string, string> = { n: "\n", t: "\t", r: "\r", s: " ", d: "7", w: "w", f: "\f" };
      chars.add(map[next] ?? next);
    } else chars.add(c);
  }
  return [...chars];
}

/** Runs of one or two characters, bare and after a letter, ending where no pattern expects it. */
function attack(unit: string, length: number): string[] {
  const body = unit.repeat(Math.ceil(length / unit.length));
  return [body + "\u0001", "a" + body + "\u0001\n"];
}

function attackUnits(regex: RegExp): string[] {
  const own = patternCharacters(regex.source);
  const singles = [...new Set([...COMMON, ...own])];
  const pairSet = [...new Set([" ", "\n", "a", "1", ...own])].slice(0, 24);
  const units = [...singles];
  for (const a of pairSet) for (const b of pairSet) if (a !== b) units.push(a + b);
  return units;
}

function slowest(regex: RegExp, units: readonly string[], length: number): { ms: number; unit: string } {
  let worst = { ms: 0, unit: "" };
  for (const unit of units) {
    for (const input of attack(unit, length)) {
      const start = performance.now();
      regex.test(input);
      const ms = performance.now() - start;
      if (ms > worst.ms) worst = { ms, unit };
    }
  }
  return worst;
}

describe("regular expressions that can see user input", () => {
  const all = ROOTS.flatMap((root) => sourceFiles(root)).flatMap(regexLiterals);

  it("finds the patterns in the source", () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it("each runs in linear time on long crafted inputs", () => {
    const slow: string[] = [];
    for (const { where, regex } of all) {
      const screen = slowest(regex, attackUnits(regex), SCREEN_LENGTH);
      if (screen.ms < 5) continue;
      // Confirmed on a string ten times as long: a quadratic pattern then takes a hundred times as long.
      const confirm = slowest(regex, [screen.unit], CONFIRM_LENGTH);
      if (confirm.ms > CONFIRM_LIMIT_MS) slow.push(`${where}: ${Math.round(confirm.ms)} ms on ${JSON.stringify(screen.unit)} × ${CONFIRM_LENGTH}`);
    }
    expect(slow).toEqual([]);
  }, 120_000);

  it("would catch the patterns this replaced", () => {
    // (The page-range pattern that froze the server is exponential: it cannot be run on long inputs at all.)
    for (const source of [String.raw`\s*\n\s*`, String.raw`^(\s*)(.*?)(\s*)$`, String.raw`[ \t]+\n`]) {
      const regex = new RegExp(source, "s");
      const confirm = slowest(regex, attackUnits(regex), CONFIRM_LENGTH / 3);
      expect(confirm.ms, source).toBeGreaterThan(CONFIRM_LIMIT_MS / 9);
    }
  }, 120_000);
});
