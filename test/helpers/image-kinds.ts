import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { tempDir } from "./pdf-tools.js";
import { rawPdf } from "./raw-pdf.js";
import { singleStrip, TIFF_G3 } from "../../server/pdf/ccitt-g4.js";

/**
 * PDFs whose images are stored the ways that scanners, cameras and prepress tools store them: JPEG 2000, 16 bits a
 * channel, CMYK JPEG, with a soft mask, or as a palette. Each page shows one image across an A4 page, written object
 * by object so that the image dictionary is exactly as stated.
 */

const exec = promisify(execFile);

export interface ImageObject {
  /** The image dictionary's entries after /Type /XObject /Subtype /Image /Width /Height; "{n}" names extra object n. */
  dict: string;
  data: Buffer;
  width: number;
  height: number;
  /** Further streams the dictionary points at ({0} is the first): soft masks, palettes. */
  extras?: Array<{ dict: string; data: Buffer }>;
}

/** One page per image, each image across the width of an A4 page. */
export function imagesPdf(images: readonly ImageObject[]): Buffer {
  const objects: string[] = ["<< /Type /Catalog /Pages 2 0 R >>", ""];
  const kids: number[] = [];
  for (const image of images) {
    const pageNum = objects.length + 1;
    const contentNum = pageNum + 1;
    const imageNum = pageNum + 2;
    const extraNums = (image.extras ?? []).map((_, i) => imageNum + 1 + i);
    const height = Math.round((595 * image.height) / image.width);
    const content = `q 595 0 0 ${height} 0 ${842 - height} cm /Im Do Q`;
    let dict = image.dict;
    extraNums.forEach((num, i) => (dict = dict.replaceAll(`{${i}}`, `${num} 0 R`)));
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im ${imageNum} 0 R >> >> /Contents ${contentNum} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      stream(`/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} ${dict}`, image.data),
      ...(image.extras ?? []).map((e) => stream(e.dict, e.data)),
    );
    kids.push(pageNum);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  return rawPdf(objects);
}

function stream(dict: string, data: Buffer): string {
  return `<< ${dict} /Length ${data.length} >>\nstream\n${data.toString("latin1")}\nendstream`;
}

/** A JPEG's pixels as packed 8-bit RGB. */
export async function rgbPixels(jpeg: Buffer): Promise<{ pixels: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(jpeg).removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
}

/** The photo as JPEG 2000 (opj_compress, at `ratio` : 1), without /ColorSpace as most JPX images in PDFs. */
export async function jpxImage(jpeg: Buffer, ratio: number): Promise<ImageObject> {
  const dir = await tempDir();
  const { width, height } = await sharp(jpeg).metadata();
  const source = path.join(dir, "photo.png");
  const target = path.join(dir, "photo.jp2");
  await sharp(jpeg).png().toFile(source);
  await exec("opj_compress", ["-i", source, "-o", target, "-r", String(ratio)]);
  return { dict: "/Filter /JPXDecode", data: await fs.readFile(target), width: width!, height: height! };
}

/** 16 bits a channel RGB, Flate-compressed: what some scanners and raw converters write. */
export async function sixteenBitImage(jpeg: Buffer): Promise<ImageObject> {
  const { pixels, width, height } = await rgbPixels(jpeg);
  const wide = Buffer.alloc(pixels.length * 2);
  // Each 8-bit value v becomes v * 257, with a little low-order noise as a real 16-bit capture has.
  for (let i = 0; i < pixels.length; i++) wide.writeUInt16BE(Math.min(65535, pixels[i]! * 257 + ((i * 7919) % 200)), i * 2);
  return { dict: "/ColorSpace /DeviceRGB /BitsPerComponent 16 /Filter /FlateDecode", data: deflateSync(wide), width, height };
}

/** A CMYK JPEG (Adobe's inverted convention, as Photoshop writes it) at quality 95. */
export async function cmykJpegImage(jpeg: Buffer): Promise<ImageObject> {
  const { data, info } = await sharp(jpeg).toColourspace("cmyk").jpeg({ quality: 95 }).toBuffer({ resolveWithObject: true });
  return { dict: "/ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /DCTDecode /Decode [1 0 1 0 1 0 1 0]", data, width: info.width, height: info.height };
}

/** An RGB photo (Flate) with a soft mask: an ellipse opaque in the middle, fading out at the edges. */
export async function softMaskedImage(jpeg: Buffer): Promise<ImageObject> {
  const { pixels, width, height } = await rgbPixels(jpeg);
  const mask = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot((x - width / 2) / (width / 2), (y - height / 2) / (height / 2));
      mask[y * width + x] = Math.max(0, Math.min(255, Math.round((1.1 - d) * 512)));
    }
  }
  return {
    dict: "/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /SMask {0}",
    data: deflateSync(pixels),
    width,
    height,
    extras: [
      {
        dict: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
        data: deflateSync(mask),
      },
    ],
  };
}

/** The photo reduced to a 256-colour palette (8 levels of red and green, 4 of blue), as GIF-era tools saved them. */
export async function paletteImage(jpeg: Buffer): Promise<ImageObject> {
  const { pixels, width, height } = await rgbPixels(jpeg);
  const palette = Buffer.alloc(256 * 3);
  for (let i = 0; i < 256; i++) {
    palette[i * 3] = Math.round((((i >> 5) & 7) * 255) / 7);
    palette[i * 3 + 1] = Math.round((((i >> 2) & 7) * 255) / 7);
    palette[i * 3 + 2] = Math.round(((i & 3) * 255) / 3);
  }
  const indices = Buffer.alloc(width * height);
  for (let p = 0; p < indices.length; p++) {
    const r = Math.round((pixels[p * 3]! * 7) / 255);
    const g = Math.round((pixels[p * 3 + 1]! * 7) / 255);
    const b = Math.round((pixels[p * 3 + 2]! * 3) / 255);
    indices[p] = (r << 5) | (g << 2) | b;
  }
  const lookup = `<${palette.toString("hex")}>`;
  return { dict: `/ColorSpace [/Indexed /DeviceRGB 255 ${lookup}] /BitsPerComponent 8 /Filter /FlateDecode`, data: deflateSync(indices), width, height };
}

/** Black-and-white pixels (each 0 or 255) packed 1 bit a pixel, white as 1, Flate-compressed: as img2pdf stores a 1-bit PNG. */
export function oneBitImage(grey: Buffer, width: number, height: number): ImageObject {
  const rowBytes = Math.ceil(width / 8);
  const packed = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (grey[y * width + x]! >= 128) packed[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
  }
  return { dict: "/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode", data: deflateSync(packed), width, height };
}

/** The same black-and-white pixels stored as 8-bit grey, as some scanning software saves them. */
export function eightBitGreyImage(grey: Buffer, width: number, height: number): ImageObject {
  return { dict: "/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode", data: deflateSync(grey), width, height };
}

/**
 * One page per JPEG, each drawn as an inline image (BI … ID … EI inside the page's content stream, as some scanning
 * and report tools write them), with a small inline icon in the corner that is too small to be worth an object.
 */
export async function inlineImagesPdf(jpegs: readonly Buffer[]): Promise<Buffer> {
  const objects: string[] = ["<< /Type /Catalog /Pages 2 0 R >>", ""];
  const kids: number[] = [];
  const icon = Buffer.alloc(16 * 16 * 3, 0x80);
  for (const jpeg of jpegs) {
    const { width, height } = await sharp(jpeg).metadata();
    const shown = Math.round((595 * height!) / width!);
    const content = Buffer.concat([
      Buffer.from(`q 595 0 0 ${shown} 0 ${842 - shown} cm BI /W ${width} /H ${height} /CS /RGB /BPC 8 /F /DCT ID `, "latin1"),
      jpeg,
      Buffer.from(`\nEI Q q 20 0 0 20 10 10 cm BI /W 16 /H 16 /CS /RGB /BPC 8 ID `, "latin1"),
      icon,
      Buffer.from("\nEI Q", "latin1"),
    ]);
    const pageNum = objects.length + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /ProcSet [/PDF /ImageC /ImageI] >> /Contents ${pageNum + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content.toString("latin1")}\nendstream`,
    );
    kids.push(pageNum);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  return rawPdf(objects);
}

/**
 * The page of a PDF rendered by Ghostscript at 300 dpi as CCITT Group 3 (1-D, one strip, EOLs byte-aligned), the
 * older fax code that scanning software of the 1990s stored: the strip is the image stream.
 */
export async function ghostscriptG3Image(pdf: string): Promise<ImageObject> {
  const dir = await tempDir();
  const tiff = path.join(dir, "page.tif");
  await exec("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffg3", "-dMaxStripSize=0", "-r300", `-sOutputFile=${tiff}`, pdf], { cwd: dir });
  const data = await fs.readFile(tiff);
  const { width, height } = await sharp(data).metadata();
  return {
    dict: `/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K 0 /Columns ${width} /Rows ${height} /EndOfLine true /EncodedByteAlign true >>`,
    data: singleStrip(data, TIFF_G3),
    width: width!,
    height: height!,
  };
}
