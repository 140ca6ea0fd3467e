/**
 * Whitespace clean-ups for text read out of documents, written as single passes: the obvious patterns
 * (`/[ \t]+\n/g`, `/\s*\n\s*\/g`, `/^(\s*)(.*?)(\s*)$/`) backtrack over every run of blanks from every position in
 * it, so one line of 100,000 spaces in a crafted PDF would hold a thread for a minute.
 */

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** Drops the spaces and tabs before every line break (the text after the last break is left as it is). */
export function trimLineEnds(text: string): string {
  const lines = text.split("\n");
  const last = lines.length - 1;
  return lines
    .map((line, i) => {
      if (i === last) return line;
      let end = line.length;
      while (end > 0 && isBlank(line.charCodeAt(end - 1))) end--;
      return end === line.length ? line : line.slice(0, end);
    })
    .join("\n");
}

/** Joins lines into one: each line break, with the whitespace around it (blank lines too), becomes one space. */
export function joinLines(text: string): string {
  const lines = text.split("\n");
  if (lines.length === 1) return text;
  const last = lines.length - 1;
  const kept: string[] = [];
  lines.forEach((line, i) => {
    if (i === 0) kept.push(line.trimEnd());
    else if (i === last) kept.push(line.trimStart());
    else if (line.trim() !== "") kept.push(line.trim());
  });
  return kept.join(" ");
}

/** Splits text into its leading whitespace, its core and its trailing whitespace. */
export function splitEdges(text: string): { before: string; core: string; after: string } {
  const start = text.length - text.trimStart().length;
  const end = Math.max(start, text.trimEnd().length);
  return { before: text.slice(0, start), core: text.slice(start, end), after: text.slice(end) };
}
