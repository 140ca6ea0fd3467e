import { parentPort, workerData } from "node:worker_threads";
import { decodePkcs12 } from "./pkcs12-decode.js";

/** One PKCS#12 decode per worker thread: the file's bytes and password in, the result out, then the thread ends. */
const { der, password } = workerData as { der: Uint8Array; password: string };
parentPort!.postMessage(decodePkcs12(der, password));
