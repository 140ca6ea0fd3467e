import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { TOOLS } from "../../../catalog/tools.js";
import { networkSandboxAvailable } from "../../engines/network-sandbox.js";
import { engineStatus } from "../../engines/registry.js";
import { engineSandboxState } from "../../engines/sandbox.js";
import { installedOcrLanguages } from "../../engines/tesseract.js";
import type { JobQueue } from "../../jobs/queue.js";
import { processorOf } from "../../tools/index.js";

export function registerHealthRoute(app: FastifyInstance, queue: JobQueue, config: Pick<Config, "tsaUrl" | "fileTtlMs">): void {
  // Probing the engines starts a program each (LibreOffice's takes a while); done now, the first health check after
  // start answers as fast as the rest. Both results are kept, and a failed probe is retried on the next check.
  void engineStatus().catch(() => undefined);
  void installedOcrLanguages().catch(() => undefined);
  app.get("/api/health", async () => {
    const engines = await engineStatus();
    const available = TOOLS.filter((t) => processorOf(t) || t.dispatchField).map((t) => t.id);
    return {
      status: "ok",
      engines,
      tools: { available, notAvailableYet: TOOLS.map((t) => t.id).filter((id) => !available.includes(id)) },
      jobs: await queue.counts(),
      // The OCR languages this server can read (Tesseract's installed models), so that the OCR screen offers only them.
      ocrLanguages: await installedOcrLanguages().then((set) => [...set].sort(), () => []),
      // How long uploads and results are kept, for the texts that tell visitors.
      fileTtlSeconds: Math.round(config.fileTtlMs / 1000),
      // Optional settings that depend on how the server is configured, so that screens can say when one is off.
      // engineSandbox: "on", "off" (ENGINE_SANDBOX=off) or "unavailable" (bubblewrap could not start; office documents
      // are refused).
      features: { timeStamp: Boolean(config.tsaUrl), engineNetworkSandbox: networkSandboxAvailable(), engineSandbox: engineSandboxState() },
    };
  });
}
