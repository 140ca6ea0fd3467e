// A bare HTTP receiver on loopback, the yardstick for the server's upload rate: it writes each request's body to a
// file of its own in the folder given as its argument, as it arrives, answers 200 once the last byte is on disk, and
// removes the file. It says where it listens on its first line and ends when its input closes.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";

const dir = process.argv[2];
let count = 0;
const server = http.createServer(async (request, response) => {
  const file = path.join(dir, `body-${++count}`);
  try {
    // The server's write buffer, so that the two differ in the server's own work only.
    await pipeline(request, fs.createWriteStream(file, { highWaterMark: 4 * 1024 * 1024 }));
    response.end("{}");
  } catch {
    response.statusCode = 500;
    response.end();
  } finally {
    fs.rmSync(file, { force: true });
  }
});
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })));
process.stdin.resume();
process.stdin.on("end", () => server.close(() => process.exit(0)));
