import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const TEXT = /\.(html|js|mjs|css|svg|json|txt)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed once at the highest
 * levels, so that the server sends them as they are (server/http/routes/web.ts) instead of compressing per request.
 */
export function compressBuild(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      compressBuild(file);
      continue;
    }
    if (!TEXT.test(entry.name) || fs.statSync(file).size < 1024) continue;
    const data = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}
