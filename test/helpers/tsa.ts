import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { tempDir } from "./pdf-tools.js";

const exec = promisify(execFile);

/**
 * How the authority behaves: "grant" answers with a real `openssl ts -reply` token; "reject" runs openssl with a
 * policy that accepts only SHA-1 imprints, so openssl itself answers a rejection; "http-error" answers 500;
 * "silent" never answers.
 */
export type TsaMode = "grant" | "reject" | "http-error" | "silent";

export interface LocalTsa {
  url: string;
  /** The root that issued the authority's certificate, for `openssl ts -verify -CAfile`. */
  caFile: string;
  /** The authority's own certificate. */
  certFile: string;
  mode: TsaMode;
  /** Requests received, in any mode. */
  requests: number;
  close(): Promise<void>;
}

const openssl = (args: string[], cwd: string) => exec("openssl", args, { cwd });

/** A time-stamp authority on a loopback port, made of a throw-away CA and `openssl ts -reply`. */
export async function startLocalTsa(): Promise<LocalTsa> {
  const dir = await tempDir();
  await openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Test TSA Root",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"], dir);
  await openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "tsa.key", "-out", "tsa.csr", "-subj", "/CN=Test Time-Stamp Authority"], dir);
  await fs.writeFile(path.join(dir, "tsa-ext.cnf"), "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n");
  await openssl(["x509", "-req", "-in", "tsa.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "tsa.pem", "-days", "2", "-extfile", "tsa-ext.cnf"], dir);
  await fs.writeFile(path.join(dir, "serial"), "01\n");
  const section = (name: string, digests: string) => `[ ${name} ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/ca.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = ${digests}
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;
  await fs.writeFile(path.join(dir, "tsa.cnf"), `[ tsa ]\ndefault_tsa = grant\n${section("grant", "sha256, sha384, sha512")}${section("reject", "sha1")}`);

  let counter = 0;
  const answer = async (query: Buffer, mode: "grant" | "reject"): Promise<Buffer> => {
    const name = `q${++counter}`;
    await fs.writeFile(path.join(dir, `${name}.tsq`), query);
    await openssl(["ts", "-reply", "-config", "tsa.cnf", "-section", mode, "-queryfile", `${name}.tsq`, "-out", `${name}.tsr`], dir);
    return fs.readFile(path.join(dir, `${name}.tsr`));
  };

  const silent = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      tsa.requests++;
      if (tsa.mode === "silent") {
        silent.add(res);
        return;
      }
      if (tsa.mode === "http-error" || req.headers["content-type"] !== "application/timestamp-query") {
        res.writeHead(500).end("no");
        return;
      }
      answer(Buffer.concat(chunks), tsa.mode).then(
        (reply) => res.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(reply),
        () => res.writeHead(500).end("openssl failed"),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  const tsa: LocalTsa = {
    url: `http://127.0.0.1:${address.port}/tsa`,
    caFile: path.join(dir, "ca.pem"),
    certFile: path.join(dir, "tsa.pem"),
    mode: "grant",
    requests: 0,
    close: async () => {
      for (const res of silent) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return tsa;
}
