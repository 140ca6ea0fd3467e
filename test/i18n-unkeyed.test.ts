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

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(file, pattern);
    return pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function read(dirs: readonly string[], pattern = /\.ts$/) {
  return dirs.flatMap((dir) => sourceFiles(path.join(root, dir), pattern)).map((file) => ({ name: path.relative(root, file), text: fs.readFileSync(file, "utf8") }));
}

const files = read(SOURCES);

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
    // A literal first, or one side of a choice ("cond ? `…` : why") before the first comma.
    const made = new RegExp(String.raw`new (${[...classes].join("|")})\((?:${LITERAL}|[^,;()]*\?${LITERAL})`, "g");
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
    const made = new RegExp(String.raw`new (${[...classes].join("|")})\((?:${LITERAL}|[^,;()]*\?${LITERAL})`);
    expect(made.test('throw new InvalidOptionsError(\n  "Please choose a page.",\n);')).toBe(true);
    expect(made.test('throw new UserError(big ? `Every image is over ${n} megapixels.` : why, 422, "no_images");')).toBe(true);
    expect(made.test('throw new InvalidOptionsError(msg("validation.noPagesToDelete"));')).toBe(false);
    expect(made.test('throw new UserError(big ? msg("extractImages.allTooLarge") : why, 422, "no_images");')).toBe(false);
  });

  it("types what a tool says beside its result as catalogue messages, never a plain string", () => {
    // The compiler then refuses `message: "Compressed …"` in any processor; this keeps that guard in place.
    const contract = fs.readFileSync(path.join(root, "server/work/types.ts"), "utf8");
    expect(contract).toMatch(/\n {2}message\?: Said;/);
    expect(contract).toMatch(/\n {2}warning\?: Said;/);
    const said = /export type Said = ([^;]+);/.exec(fs.readFileSync(path.join(root, "pdf-ops/message.ts"), "utf8"))?.[1];
    expect(said).toBe('Message | "" | readonly Said[]');
  });
});

/**
 * The keys the sources use: written out ("compress.fontsSubset"), or made from a template whose fixed parts say
 * where ("compress.${key}ResampledAll" stands for compress.jpegResampledAll and compress.faxResampledAll).
 */
function usedKeys(sources: ReadonlyArray<{ text: string }>): (key: string) => boolean {
  const literals = new Set<string>();
  const templates: RegExp[] = [];
  for (const { text } of sources) {
    for (const m of text.matchAll(/["']([\w.:-]+)["']/g)) literals.add(m[1]!.replace(/^\w+:/, ""));
    for (const m of text.matchAll(/`([\w.-]*\.[^`]*\$\{[^`]*)`/g)) {
      const parts = m[1]!.split(/\$\{(?:[^{}]|\{[^{}]*\})*\}/).map((part) => part.replace(/[.*+?^()|[\]\\]/g, "\\$&"));
      templates.push(new RegExp(`^${parts.join("[\\w-]*")}$`));
    }
  }
  return (key) => literals.has(key) || templates.some((template) => template.test(key));
}

/** A catalogue's keys, plural forms folded into the key the sources name ("compress.kinds.jpeg"). */
function catalogueKeys(messages: object, prefix = ""): string[] {
  const keys = Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : catalogueKeys(value as object, `${prefix}${key}.`)));
  return [...new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))];
}

describe("the server's catalogue holds no sentence nobody says", () => {
  const used = usedKeys(read([...SOURCES, "web/src"], /\.tsx?$/));

  it("uses every key of catalog/messages", () => {
    const english = JSON.parse(fs.readFileSync(path.join(root, "catalog/messages/en.json"), "utf8")) as object;
    expect(catalogueKeys(english).filter((key) => !used(key))).toEqual([]);
  });

  it("would notice an unused key", () => {
    expect(used("compress.fontsSubset")).toBe(true);
    expect(used("compress.jpegResampledAll")).toBe(true);
    expect(used("compress.neverSaid")).toBe(false);
    expect(used("unlock.neverSaid")).toBe(false);
  });
});
