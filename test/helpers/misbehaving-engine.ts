import { serveTasks } from "../../server/engines/serve-tasks.js";
import { mupdfErrorKind } from "../../server/engines/mupdf/error-kind.js";

/**
 * An engine child that misbehaves on request, served exactly as MuPDF's child is: each task name is one way an
 * engine can go wrong on a hostile file.
 */

// A module whose one function is the WebAssembly instruction `unreachable`: calling it traps, as MuPDF does on an
// out-of-bounds access.
const TRAP_MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x03, 0x02, 0x01, 0x00, 0x07, 0x05, 0x01,
  0x01, 0x66, 0x00, 0x00, 0x0a, 0x05, 0x01, 0x03, 0x00, 0x00, 0x0b,
]);

// The project's type library leaves WebAssembly out; Node.js has it.
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (m: object) => { exports: Record<string, () => void> } } })
  .WebAssembly;

const held: Buffer[] = [];

// Registered before the served tasks, so that it throws first: an exception nothing catches ends the process.
process.on("message", (req: { task: string }) => {
  if (req.task === "throw") throw new Error("an exception nothing catches");
});

serveTasks(
  {
    ok: () => ({ pid: process.pid }),
    exit: () => process.exit(3),
    fail: () => {
      throw new Error("cycle in page tree");
    },
    bug: () => {
      throw new TypeError("cannot read properties of undefined");
    },
    trap: () => {
      new wasm.Instance(new wasm.Module(TRAP_MODULE)).exports.f!();
    },
    // Touches every page it allocates, as a decoder filling an image does, up to far past any cap a test sets.
    allocate: () => {
      for (let i = 0; i < 60; i++) held.push(Buffer.allocUnsafe(32 * 1024 * 1024).fill(i));
      return { held: held.length };
    },
    // Keeps what it allocated after answering: the pool should replace a child left this large.
    keep: (args: { megabytes: number }) => {
      held.push(Buffer.allocUnsafe(args.megabytes * 1024 * 1024).fill(7));
      return { pid: process.pid };
    },
    spin: () => {
      for (;;);
    },
  },
  mupdfErrorKind,
);
