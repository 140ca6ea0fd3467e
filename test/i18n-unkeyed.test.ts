import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the server says to visitors is a catalogue key (catalog/messages), so that it can be said in their
 * language. This reads the sources for the two ways an English sentence used to reach them untranslated: an error
 * for visitors (UserError and every class made from it) built from a string literal, and a schema's own refusal
 * (a zod `message`) written out instead of a key made by `refusal`.
 */
const root = path.resolve(import.meta.dirname, "..");
const SOURCES = ["server", "pdf-ops", "catalog"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

const files = SOURCES.flatMap((dir) => sourceFiles(path.join(root, dir))).map((file) => ({
  name: path.relative(root, file),
  text: fs.readFileSync(file, "utf8"),
}));

/** UserError and the classes that extend it, however deep, by name. */
function visitorErrorClasses(): Set<string> {
  const parents = new Map<string, string>();
  for (const { text } of files) for (const m of text.matchAll(/class (\w+) extends (\w+)/g)) parents.set(m[1]!, m[2]!);
  const classes = new Set(["UserError"]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const [child, parent] of parents) {
      if (classes.has(parent) && !classes.has(child)) grown = classes.add(child).size > 0;
    }
  }
  return classes;
}

const LITERAL = String.raw`\s*["'\`]`;

describe("no sentence for visitors is left outside the catalogue", () => {
  const classes = visitorErrorClasses();

  it("finds the error classes to check", () => {
    // The scan below would pass vacuously if it looked for classes that do not exist.
    for (const name of ["UserError", "InvalidOptionsError", "PageRangeError", "TimeStampError", "UnsoundOutputError"]) expect(classes).toContain(name);
  });

  it("builds no error for visitors from a string literal", () => {
    const found: string[] = [];
    const made = new RegExp(String.raw`new (${[...classes].join("|")})\(${LITERAL}`, "g");
    const inherited = new RegExp(String.raw`class (\w+) extends (${[...classes].join("|")}) \{(?:(?!\n\})[\s\S])*?super\(${LITERAL}`, "g");
    for (const { name, text } of files) {
      for (const m of text.matchAll(made)) found.push(`${name}: ${m[0]}`);
      for (const m of text.matchAll(inherited)) found.push(`${name}: class ${m[1]}`);
    }
    expect(found).toEqual([]);
  });

  it("gives schemas their refusals as catalogue keys", () => {
    const found: string[] = [];
    for (const { name, text } of files.filter((f) => f.name.startsWith(path.join("catalog", "options")))) {
      for (const m of text.matchAll(new RegExp(String.raw`(message|error):${LITERAL}[^"'\`]*`, "g"))) found.push(`${name}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it("would notice one", () => {
    const made = new RegExp(String.raw`new (${[...classes].join("|")})\(${LITERAL}`);
    expect(made.test('throw new InvalidOptionsError(\n  "Please choose a page.",\n);')).toBe(true);
    expect(made.test('throw new InvalidOptionsError(msg("validation.noPagesToDelete"));')).toBe(false);
  });
});
