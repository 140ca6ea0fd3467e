import { loadConfig } from "../../server/config.js";
import { buildApp } from "../../server/http/app.js";
import { openQueue } from "../../server/jobs/open-queue.js";
import { openStorage } from "../../server/storage/open-store.js";

/**
 * The entry of a server process for tests that measure it from outside (its memory, its answers while this
 * process is busy attacking it): configured by the environment like `npm start`, on a loopback port, and it says
 * where it listens on its first line.
 */
const config = { ...loadConfig(process.env), port: 0, host: "127.0.0.1" };
const { store, workDirs } = await openStorage(config);
const queue = await openQueue({ config, store, workDirs });
const app = await buildApp({ config, store, workDirs, queue, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("no address");
console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}`, workRoot: workDirs.root }));
// The test that started this process ends it by closing its input.
process.stdin.resume();
process.stdin.on("end", () => {
  void app.close().then(() => queue.close()).then(() => process.exit(0));
});
