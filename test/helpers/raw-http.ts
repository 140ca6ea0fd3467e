import http from "node:http";
import net from "node:net";

/**
 * Requests as hostile clients send them: bodies generated while they are sent (a 40 MB field is never built in
 * memory), from a chosen loopback address, and sockets that trickle or stall.
 */

export interface RawReply {
  status: number;
  body: { success?: boolean; error?: string } | string;
  /** The connection was closed before a reply came. */
  closed?: boolean;
}

export interface StreamedField {
  name: string;
  /** The field's text, or a byte count of "x" generated while sending. */
  value: string | number;
}

const CHUNK = Buffer.alloc(64 * 1024, "x");

/** POSTs a multipart body of fields and files, streaming generated field values; resolves with the reply. */
export function postStreamed(
  url: string,
  fields: readonly StreamedField[],
  files: ReadonlyArray<{ name: string; data: Uint8Array }> = [],
  options: { localAddress?: string; boundary?: string } = {},
): Promise<RawReply> {
  const boundary = options.boundary ?? "----hostile0123456789";
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      localAddress: options.localAddress,
      agent: false,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
    });
    let settled = false;
    const settle = (reply: RawReply) => {
      if (settled) return;
      settled = true;
      resolve(reply);
    };
    request.on("error", () => settle({ status: 0, body: "", closed: true }));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.push(c));
      response.on("error", () => settle({ status: response.statusCode ?? 0, body: "", closed: true }));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: RawReply["body"] = text;
        try {
          body = JSON.parse(text) as RawReply["body"];
        } catch {
          // not JSON: kept as text
        }
        settle({ status: response.statusCode ?? 0, body });
      });
    });
    const write = async (data: Buffer | string): Promise<boolean> => {
      if (settled || request.destroyed) return false;
      if (!request.write(data)) await drainedOrClosed(request);
      return !request.destroyed;
    };
    void (async () => {
      for (const field of fields) {
        if (!(await write(`--${boundary}\r\nContent-Disposition: form-data; name="${field.name}"\r\n\r\n`))) return;
        if (typeof field.value === "string") {
          if (!(await write(field.value))) return;
        } else {
          for (let sent = 0; sent < field.value; sent += CHUNK.length) {
            if (!(await write(CHUNK.subarray(0, Math.min(CHUNK.length, field.value - sent))))) return;
          }
        }
        if (!(await write("\r\n"))) return;
      }
      for (const file of files) {
        if (!(await write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`))) return;
        if (!(await write(Buffer.from(file.data)))) return;
        if (!(await write("\r\n"))) return;
      }
      if (!(await write(`--${boundary}--\r\n`))) return;
      request.end();
    })();
  });
}

/** Opens a plain TCP connection from `localAddress`; resolves once it is connected (or refused). */
export function openSocket(port: number, localAddress = "127.0.0.1"): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress });
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve(socket));
    socket.once("close", () => resolve(socket));
  });
}

/** Resolves when the socket closes, with what the server sent before. */
export function whenClosed(socket: net.Socket): Promise<{ received: string; afterMs: number }> {
  const start = Date.now();
  let received = "";
  socket.on("data", (d: Buffer) => (received += d.toString("latin1")));
  return new Promise((resolve) => {
    if (socket.destroyed) resolve({ received, afterMs: 0 });
    socket.once("close", () => resolve({ received, afterMs: Date.now() - start }));
  });
}

/** How long /api/health takes to answer (Infinity when it does not within the deadline). */
export async function healthTime(baseUrl: string, deadlineMs = 1000): Promise<number> {
  const start = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(deadlineMs) });
    await res.arrayBuffer();
    return res.status === 200 ? performance.now() - start : Infinity;
  } catch {
    return Infinity;
  }
}

/** Until a writable takes more or is closed; the listener that did not fire is taken off again. */
export function drainedOrClosed(stream: Pick<NodeJS.EventEmitter, "once" | "off">): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });
}
