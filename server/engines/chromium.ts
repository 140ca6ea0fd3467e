import fs from "node:fs/promises";
import path from "node:path";
import { EngineFailure } from "../errors.js";
import type { EngineContext } from "./context.js";
import { classifyRunFailure, runProcess } from "./process-runner.js";
import type { ReadOnlyBind } from "./sandbox.js";

/**
 * Debian's Chromium prints web pages to PDF. It runs as every engine does, in the sandbox (sandbox.ts): it sees the
 * system's files, its job's folder and nothing else, and has a network of its own with only a loopback, so a page
 * cannot reach another machine, this server, or another job's files, whatever it links to. A page printed from a
 * web address gets one door out: a forwarder inside the sandbox that passes the loopback port Chromium uses as its
 * proxy on to the job's egress proxy (egress/egress-proxy.ts), which decides what may be fetched.
 * Chromium's own sandbox is off (it needs namespaces the outer one already takes); the program itself, not the
 * wrapper script, is started, because the script reads /etc/chromium.d, which the sandbox does not show.
 */

export const CHROMIUM = "/usr/lib/chromium/chromium";

const FIXED_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-extensions",
  "--disable-sync",
  "--disable-client-side-phishing-detection",
  "--disable-domain-reliability",
  "--disable-default-apps",
  "--safebrowsing-disable-auto-update",
  "--disable-features=NetworkTimeServiceQuerying,OptimizationHints,MediaRouter,Translate,AutofillServerCommunication,CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions,CalculateNativeWinOcclusion",
  "--no-first-run",
  "--no-default-browser-check",
  "--mute-audio",
  "--no-pdf-header-footer",
  // WebRTC could otherwise send UDP around the proxy.
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  // A page's scripts get a bounded heap: a page that allocates without end fails, not the machine.
  "--js-flags=--max-old-space-size=512",
] as const;

/** The port the forwarder listens on, inside the sandbox's own network: no other program shares it. */
const PROXY_PORT = 3128;

/**
 * Passes each connection to 127.0.0.1:port on to the Unix socket, then runs the command and exits with its code.
 * Written into the job's folder for each run, as the sandbox shows nothing of the project.
 */
const FORWARDER = `import socket, subprocess, sys, threading
path, port, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", port))
listener.listen(64)
def pipe(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    finally:
        try:
            sink.shutdown(socket.SHUT_WR)
        except OSError:
            pass
def serve():
    while True:
        client, _ = listener.accept()
        upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            upstream.connect(path)
        except OSError:
            client.close()
            continue
        threading.Thread(target=pipe, args=(client, upstream), daemon=True).start()
        threading.Thread(target=pipe, args=(upstream, client), daemon=True).start()
threading.Thread(target=serve, daemon=True).start()
sys.exit(subprocess.call(command))
`;

export type PrintSource = { file: string } | { url: string; proxySocket: string };

export interface PrintOptions {
  /** Let the page's scripts run, for this long (in the page's own time) before it is printed. */
  scriptsMs?: number;
}

/** Prints a page (a file in the job's folder, or a web address through the job's proxy) to `output`. */
export async function printToPdf(source: PrintSource, output: string, ctx: EngineContext, options: PrintOptions = {}): Promise<void> {
  const profile = path.join(ctx.workDir, "chromium-profile");
  await fs.mkdir(profile, { recursive: true });
  // Chromium's managed policy: the browser itself fetches nothing (component updates, network time), and scripts
  // stay off unless asked for (the policy is the one way to keep them off that still lets Chromium print; its
  // --blink-settings switch for that stops printing altogether).
  const policy = path.join(ctx.workDir, "chromium-policy.json");
  await fs.writeFile(policy, JSON.stringify({ ComponentUpdatesEnabled: false, ...(options.scriptsMs ? {} : { DefaultJavaScriptSetting: 2 }) }));
  const readOnly: ReadOnlyBind[] = [{ source: policy, at: "/etc/chromium/policies/managed/toolbox.json" }];
  const page = "file" in source ? `file://${source.file}` : source.url;
  const proxy = "url" in source ? [`--proxy-server=http://127.0.0.1:${PROXY_PORT}`, "--proxy-bypass-list=<-loopback>"] : [];
  const chromium = [
    CHROMIUM,
    ...FIXED_ARGS,
    ...proxy,
    `--user-data-dir=${profile}`,
    ...(options.scriptsMs ? [`--virtual-time-budget=${options.scriptsMs}`] : []),
    `--print-to-pdf=${output}`,
    page,
  ];
  let command = chromium;
  if ("url" in source) {
    const forwarder = path.join(ctx.workDir, "egress-forward.py");
    await fs.writeFile(forwarder, FORWARDER);
    command = ["/usr/bin/python3", forwarder, source.proxySocket, String(PROXY_PORT), ...chromium];
  }
  try {
    await runProcess({ engine: "chromium", command: command[0]!, args: command.slice(1), cwd: ctx.workDir, readOnly, timeoutMs: ctx.timeoutMs, signal: ctx.signal });
  } catch (err) {
    throw classifyRunFailure(err, () => "unsupported");
  }
  const printed = await fs.stat(output).catch(() => undefined);
  if (!printed || printed.size === 0) throw new EngineFailure("unsupported", "chromium", "no PDF was written");
}
