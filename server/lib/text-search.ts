import { RE2JS } from "re2js";
import type { RedactionPreset } from "../../catalog/options/redact.js";
import { PRESET_MATCHERS, type PresetMatcher } from "./redaction-presets.js";

/**
 * Finding what to redact in a page's text. Every pattern, the visitor's own included, runs on RE2JS, a port of RE2:
 * matching takes time in proportion to the text whatever the pattern, and a pattern RE2 cannot run that way
 * (look-arounds, back-references) is refused when it is compiled.
 */

export interface SearchSpec {
  terms: readonly string[];
  matchCase: boolean;
  wholeWord: boolean;
  useRegex: boolean;
  presets: readonly RedactionPreset[];
}

/** A stretch of the text, as UTF-16 offsets: start included, end excluded. */
export interface TextSpan {
  start: number;
  end: number;
}

/** A search term that is not a pattern RE2 can run. */
export class PatternError extends Error {
  constructor(
    readonly term: string,
    readonly reason: string,
  ) {
    super(reason);
    this.name = "PatternError";
  }
}

interface Matcher {
  regex: RE2JS;
  accept(text: string, start: number, end: number): TextSpan | undefined;
}

/** Letters, digits, marks and the underscore: what a whole-word search keeps together. */
const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}_]$/u;

function characterBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index >= 2 ? text.slice(index - 2, index) : text[index - 1];
}

function characterAt(text: string, index: number): string | undefined {
  const cp = text.codePointAt(index);
  return cp === undefined ? undefined : String.fromCodePoint(cp);
}

const isWordCharacter = (c: string | undefined) => c !== undefined && WORD_CHARACTER.test(c);

/** \b as Unicode reads it: a match that starts or ends inside a word is not a whole word. */
function isWholeWord(text: string, start: number, end: number): boolean {
  const first = characterAt(text, start);
  const last = characterBefore(text, end);
  if (isWordCharacter(first) && isWordCharacter(characterBefore(text, start))) return false;
  return !(isWordCharacter(last) && isWordCharacter(characterAt(text, end)));
}

/** A literal term: its characters as they are, any run of blanks in it matching any run of blanks or line breaks. */
function literalPattern(term: string): string {
  return term.trim().split(/\s+/u).map((part) => RE2JS.quote(part)).join(String.raw`\s+`);
}

function compileTerm(term: string, spec: SearchSpec): Matcher {
  const flags = spec.matchCase ? 0 : RE2JS.CASE_INSENSITIVE;
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(spec.useRegex ? term : literalPattern(term), flags);
  } catch (err) {
    throw new PatternError(term, err instanceof Error ? err.message.replace(/^error parsing regexp: /, "") : String(err));
  }
  return {
    regex,
    accept: (text, start, end) => (!spec.wholeWord || isWholeWord(text, start, end) ? { start, end } : undefined),
  };
}

function compilePreset(preset: PresetMatcher): Matcher {
  return { regex: RE2JS.compile(preset.pattern), accept: preset.accept };
}

/** What one search finds on a page: the spans, overlapping ones merged, in order. */
export interface TextSearch {
  find(text: string): TextSpan[];
}

/**
 * Compiles the terms (blank ones left out) and presets once for every page. Throws PatternError naming the first
 * term that cannot be compiled.
 */
export function compileSearch(spec: SearchSpec): TextSearch {
  const matchers = [
    ...spec.terms.filter((t) => t.trim() !== "").map((t) => compileTerm(t, spec)),
    ...spec.presets.map((p) => compilePreset(PRESET_MATCHERS[p])),
  ];
  return {
    find(text) {
      const spans: TextSpan[] = [];
      for (const { regex, accept } of matchers) {
        const m = regex.matcher(text);
        // A rejected candidate is passed over whole, never retried from its next character: that keeps the scan
        // of each pattern a single linear pass.
        while (m.find()) {
          if (m.end() === m.start()) continue;
          const span = accept(text, m.start(), m.end());
          if (span && span.end > span.start) spans.push(span);
        }
      }
      return mergeSpans(spans);
    },
  };
}

/** Overlapping spans become one (a term inside an address both asked for is one match). */
export function mergeSpans(spans: TextSpan[]): TextSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
