import fs from "node:fs/promises";
import { Worker } from "node:worker_threads";
import forge from "node-forge";
import { AbortedError, UserError } from "../errors.js";
import { MAX_PKCS12_ITERATIONS, PKCS12_DEADLINE_MS } from "../lib/content-limits.js";
import type { Pkcs12Decoded } from "./pkcs12-decode.js";
import { pkcs12IterationCounts } from "./pkcs12-iterations.js";
import { msg } from "../i18n/message.js";

/** The signer's key and certificate chain from a PKCS#12 file (.pfx, .p12). */
export interface SigningIdentity {
  key: forge.pki.PrivateKey;
  certificate: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
  /** The certificate's common name, for "Signed by". */
  name: string;
}

// Sources run under tsx in development and tests; the build runs plain JavaScript.
const runningFromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(runningFromSource ? "./pkcs12-worker-from-source.mjs" : "./pkcs12-worker.js", import.meta.url);

const unreadable = () => new UserError(msg("certificate.unreadable"), 400, "bad_certificate");

/**
 * Opens a PKCS#12 file. Its password is stretched by as many rounds of hashing as the file asks for, in
 * JavaScript: the counts are read first and refused past the cap, and the decoding itself runs in a worker thread
 * that is stopped at the deadline, so that no certificate file can hold up the server.
 */
export async function readIdentity(file: string, password: string, signal?: AbortSignal): Promise<SigningIdentity> {
  const der = await fs.readFile(file);
  const counts = pkcs12IterationCounts(der);
  if (!counts) throw unreadable();
  const most = Math.max(0, ...counts);
  if (most > MAX_PKCS12_ITERATIONS) {
    throw new UserError(
      Number.isFinite(most)
        ? msg("certificate.tooManyRounds", { rounds: most, max: MAX_PKCS12_ITERATIONS })
        : msg("certificate.unlimitedRounds", { max: MAX_PKCS12_ITERATIONS }),
      422,
      "bad_certificate",
    );
  }
  const decoded = await decodeInWorker(der, password, signal);
  if (!decoded.ok) {
    if (decoded.reason === "password") throw new UserError(msg("certificate.wrongPassword"), 400, "incorrect_password");
    if (decoded.reason === "no-key") throw new UserError(msg("certificate.noKey"), 400, "bad_certificate");
    throw unreadable();
  }
  const key = forge.pki.privateKeyFromPem(decoded.keyPem) as forge.pki.rsa.PrivateKey;
  const certs = decoded.certificatePems.map((pem) => forge.pki.certificateFromPem(pem));
  // The signing certificate is the one whose public key matches the private key.
  const certificate =
    certs.find((c: forge.pki.Certificate) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals?.(key.n)) ?? certs[0]!;
  const now = new Date();
  if (certificate.validity.notAfter < now || certificate.validity.notBefore > now) {
    throw new UserError(msg("certificate.notValidToday"), 400, "bad_certificate");
  }
  const name = String(certificate.subject.getField("CN")?.value ?? "");
  return { key, certificate, chain: certs.filter((c: forge.pki.Certificate) => c !== certificate), name };
}

function decodeInWorker(der: Buffer, password: string, signal?: AbortSignal): Promise<Pkcs12Decoded> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    // The heap is capped too: a certificate file needs a few megabytes, whatever it declares.
    const worker = new Worker(workerUrl, { workerData: { der: new Uint8Array(der), password }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener("abort", abort);
      void worker.terminate();
      fn();
    };
    const deadline = setTimeout(() => {
      settle(() =>
        reject(
          new UserError(
            msg("certificate.tooSlow", { seconds: PKCS12_DEADLINE_MS / 1000 }),
            422,
            "bad_certificate",
          ),
        ),
      );
    }, PKCS12_DEADLINE_MS);
    const abort = () => settle(() => reject(new AbortedError()));
    signal?.addEventListener("abort", abort, { once: true });
    worker.once("message", (result: Pkcs12Decoded) => settle(() => resolve(result)));
    worker.once("error", (err) => settle(() => reject(err)));
    worker.once("exit", (code) => settle(() => reject(new Error(`certificate worker exited with code ${code}`))));
  });
}
