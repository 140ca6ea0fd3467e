import type { EngineContext } from "./context.js";
import { runProcess } from "./process-runner.js";

/**
 * fontTools' subsetter (Debian's python3-fonttools): TrueType and OpenType fonts cut down to the characters of a
 * text, with their layout features and the names a word processor finds a font by (family, style, full and PostScript
 * names, in English) kept, so that the text is set as before. Hinting and the other names (the licence text among
 * them) go: they are most of what remains of a small subset, and nothing looks them up. All fonts go through one Python process, started in the job's sandbox like every engine; a font it
 * cannot read gets no output file (and its name on stderr), the others are still done.
 */

const SCRIPT = `
import sys
from fontTools import subset
text = open(sys.argv[1], encoding="utf-8").read()
options = subset.Options()
options.layout_features = ["*"]
options.notdef_outline = True
options.recalc_bounds = True
options.hinting = False
for source, target in zip(sys.argv[2::2], sys.argv[3::2]):
    try:
        font = subset.load_font(source, options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        subset.save_font(font, target, options)
    except Exception as error:
        print(f"{source}: {error}", file=sys.stderr)
`;

export interface FontSubset {
  input: string;
  output: string;
}

export async function subsetFonts(fonts: readonly FontSubset[], textFile: string, ctx: EngineContext): Promise<void> {
  await runProcess({
    engine: "fonttools",
    // Debian's own Python, which python3-fonttools installs into (not one found first on a PATH).
    command: "/usr/bin/python3",
    args: ["-c", SCRIPT, textFile, ...fonts.flatMap((f) => [f.input, f.output])],
    cwd: ctx.workDir,
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
  });
}
