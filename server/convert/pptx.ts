import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import type { SlidePage } from "../engines/mupdf/convert-tasks.js";
import { fontFamily } from "./fonts.js";
import { escapeHtml as escapeXml } from "./html.js";

/**
 * A PowerPoint deck with one slide per page: the page drawn without its text fills the slide as a picture, and the
 * text sits on top in text boxes where it was, in its size, weight and colour, so that it can be edited.
 */

const EMU = 12700;
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const NS = `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"`;
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const EMPTY_TREE = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';

function rels(entries: Array<[string, string, string]>): string {
  return `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${entries
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`)
    .join("")}</Relationships>`;
}

const emu = (pt: number) => Math.round(pt * EMU);

function textBoxes(page: SlidePage, scale: number): string {
  const out: string[] = [];
  let id = 3;
  for (const block of page.blocks) {
    if (block.kind !== "text") continue;
    const [x0, y0, x1, y1] = block.bbox;
    const paragraphs = block.lines
      .map(
        (line) =>
          `<a:p>${line.spans
            .map((s) => {
              const font = escapeXml(fontFamily(s.font));
              return `<a:r><a:rPr lang="en-US" sz="${Math.round(s.size * scale * 100)}" b="${s.bold ? 1 : 0}" i="${s.italic ? 1 : 0}" dirty="0"><a:solidFill><a:srgbClr val="${s.color}"/></a:solidFill><a:latin typeface="${font}"/><a:cs typeface="${font}"/></a:rPr><a:t>${escapeXml(s.text)}</a:t></a:r>`;
            })
            .join("")}</a:p>`,
      )
      .join("");
    const n = id++;
    // No wrapping and no insets: each line stays one line, where the PDF had it.
    out.push(
      `<p:sp><p:nvSpPr><p:cNvPr id="${n}" name="Text ${n}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="${emu(x0 * scale)}" y="${emu(y0 * scale)}"/><a:ext cx="${emu((x1 - x0) * scale)}" cy="${emu((y1 - y0) * scale)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr><p:txBody><a:bodyPr wrap="none" lIns="0" tIns="0" rIns="0" bIns="0" rtlCol="0"><a:noAutofit/></a:bodyPr><a:lstStyle/>${paragraphs}</p:txBody></p:sp>`,
    );
  }
  return out.join("");
}

function theme(): string {
  const colours: Array<[string, string]> = [
    ["dk1", "000000"], ["lt1", "FFFFFF"], ["dk2", "44546A"], ["lt2", "E7E6E6"], ["accent1", "4472C4"], ["accent2", "ED7D31"],
    ["accent3", "A5A5A5"], ["accent4", "FFC000"], ["accent5", "5B9BD5"], ["accent6", "70AD47"], ["hlink", "0563C1"], ["folHlink", "954F72"],
  ];
  const fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
  const three = (x: string) => x + x + x;
  return `${XML}<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Converted"><a:themeElements><a:clrScheme name="Converted">${colours
    .map(([name, rgb]) => `<a:${name}><a:srgbClr val="${rgb}"/></a:${name}>`)
    .join("")}</a:clrScheme><a:fontScheme name="Converted"><a:majorFont><a:latin typeface="Liberation Sans"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Liberation Sans"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Converted"><a:fillStyleLst>${three(fill)}</a:fillStyleLst><a:lnStyleLst>${three(`<a:ln w="9525">${fill}</a:ln>`)}</a:lnStyleLst><a:effectStyleLst>${three("<a:effectStyle><a:effectLst/></a:effectStyle>")}</a:effectStyleLst><a:bgFillStyleLst>${three(fill)}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;
}

/** Slides take the first page's size (PowerPoint allows one size a deck); other pages are scaled to its width. */
export async function writePptx(pages: readonly SlidePage[], output: string): Promise<void> {
  const [slideW, slideH] = [pages[0]?.width ?? 720, pages[0]?.height ?? 540];
  const zip = new yazl.ZipFile();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text, "utf8"), name);
  const slideIds = pages.map((_, i) => i + 1);
  add(
    "[Content_Types].xml",
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpg" ContentType="image/jpeg"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/><Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/><Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>${slideIds
      .map((n) => `<Override PartName="/ppt/slides/slide${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`)
      .join("")}</Types>`,
  );
  add("_rels/.rels", rels([["rId1", "officeDocument", "ppt/presentation.xml"]]));
  add(
    "ppt/presentation.xml",
    `${XML}<p:presentation ${NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rIdMaster"/></p:sldMasterIdLst><p:sldIdLst>${slideIds
      .map((n) => `<p:sldId id="${255 + n}" r:id="rIdSlide${n}"/>`)
      .join("")}</p:sldIdLst><p:sldSz cx="${emu(slideW)}" cy="${emu(slideH)}"/><p:notesSz cx="${emu(slideH)}" cy="${emu(slideW)}"/></p:presentation>`,
  );
  add(
    "ppt/_rels/presentation.xml.rels",
    rels([["rIdMaster", "slideMaster", "slideMasters/slideMaster1.xml"], ["rIdTheme", "theme", "theme/theme1.xml"], ...slideIds.map((n): [string, string, string] => [`rIdSlide${n}`, "slide", `slides/slide${n}.xml`])]),
  );
  add(
    "ppt/slideMasters/slideMaster1.xml",
    `${XML}<p:sldMaster ${NS}><p:cSld><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rIdLayout"/></p:sldLayoutIdLst></p:sldMaster>`,
  );
  add("ppt/slideMasters/_rels/slideMaster1.xml.rels", rels([["rIdLayout", "slideLayout", "../slideLayouts/slideLayout1.xml"], ["rIdTheme", "theme", "../theme/theme1.xml"]]));
  add("ppt/slideLayouts/slideLayout1.xml", `${XML}<p:sldLayout ${NS} type="blank"><p:cSld name="Blank"><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld></p:sldLayout>`);
  add("ppt/slideLayouts/_rels/slideLayout1.xml.rels", rels([["rIdMaster", "slideMaster", "../slideMasters/slideMaster1.xml"]]));
  add("ppt/theme/theme1.xml", theme());
  pages.forEach((page, i) => {
    const n = i + 1;
    const scale = slideW / page.width;
    const picture = `<p:pic><p:nvPicPr><p:cNvPr id="2" name="Page ${n}"/><p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rIdPage"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(page.width * scale)}" cy="${emu(page.height * scale)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
    add(`ppt/slides/slide${n}.xml`, `${XML}<p:sld ${NS}><p:cSld><p:spTree>${EMPTY_TREE}${picture}${textBoxes(page, scale)}</p:spTree></p:cSld></p:sld>`);
    add(`ppt/slides/_rels/slide${n}.xml.rels`, rels([["rIdLayout", "slideLayout", "../slideLayouts/slideLayout1.xml"], ["rIdPage", "image", `../media/page${n}.jpg`]]));
    zip.addFile(page.background, `ppt/media/page${n}.jpg`, { compress: false });
  });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
}
