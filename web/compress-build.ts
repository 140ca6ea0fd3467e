import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const TEXT = /\.(html|js|mjs|css|svg|json|txt|wasm)$/;

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
    // The engines' WebAssembly (megabytes) at Brotli's level 9: level 11 would take most of the build for a few percent.
    const quality = entry.name.endsWith(".wasm") ? 9 : 11;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}
