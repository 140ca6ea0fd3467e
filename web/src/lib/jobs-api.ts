import { i18n } from "../i18n/i18n.js";

/** The server's reply for a finished tool run (the same as POST /api/process). */
export interface ProcessReply {
  success: boolean;
  message?: string;
  /** The result is delivered but incomplete: what was lost. */
  warning?: string;
  downloadUrl?: string;
  filename?: string;
  size?: number;
  /** The single result's id, which another tool takes as `fileIds` instead of an upload. */
  fileId?: string;
  /** Each output's id where there are several (the download is then a ZIP). */
  fileIds?: string[];
  error?: string;
  extractionResult?: { success: boolean; downloadUrl: string; filename?: string };
}

export type JobState = "queued" | "running" | "succeeded" | "failed" | "cancelled";
export interface JobSnapshot {
  jobId: string;
  state: JobState;
  progress: number;
  result?: ProcessReply;
  error?: string;
}

/** A failure whose message is meant for the visitor (the server's sentence, or the spec's fallback). */
export class ProcessingError extends Error {}

/** The server answered without a sentence of its own (a proxy's error page, an empty reply): screens word it. */
export class UnexplainedReplyError extends ProcessingError {}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

function abortError(): DOMException {
  return new DOMException("The request was cancelled.", "AbortError");
}

/** The server's `error` sentence from a JSON body, if there is one. */
function errorFromBody(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === "string" && body.error ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uploads the form to POST /api/jobs/{tool} and resolves with the job id. XMLHttpRequest rather than fetch,
 * because only it reports upload progress; `onProgress` gets the fraction sent.
 */
export function startJob(
  toolId: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/jobs/${encodeURIComponent(toolId)}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const body = JSON.parse(xhr.responseText) as { jobId?: string };
        if (body.jobId) return resolve(body.jobId);
      }
      reject(explained(errorFromBody(xhr.responseText), i18n.t("common:run.serverStatus", { status: xhr.status })));
    };
    xhr.onerror = () => reject(new ProcessingError(i18n.t("common:run.uploadFailed")));
    xhr.onabort = () => reject(abortError());
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(inPageLanguage(form));
  });
}

/**
 * The form with the page's language first (`lang`), so that the server's sentences, from an upload refused on the
 * way to the result's message, come back in it.
 */
function inPageLanguage(form: FormData): FormData {
  const sent = new FormData();
  sent.append("lang", i18n.language);
  for (const [name, value] of form) sent.append(name, value);
  return sent;
}

function explained(sentence: string | undefined, fallback: string): ProcessingError {
  return sentence ? new ProcessingError(sentence) : new UnexplainedReplyError(fallback);
}

function outcome(snapshot: JobSnapshot): ProcessReply | Error | undefined {
  switch (snapshot.state) {
    case "succeeded":
      return snapshot.result ?? new UnexplainedReplyError(i18n.t("common:run.failed"));
    case "failed":
      return explained(snapshot.error, i18n.t("common:run.failed"));
    case "cancelled":
      return abortError();
    default:
      return undefined;
  }
}

/**
 * Follows a job through its server-sent events until it ends; `onProgress` gets the server's real progress.
 * If the event stream breaks (a proxy closing it, say), the job's state is read once and the stream reopened.
 */
export function followJob(jobId: string, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<ProcessReply> {
  return new Promise((resolve, reject) => {
    let source: EventSource | undefined;
    const settle = (snapshot: JobSnapshot): boolean => {
      onProgress(snapshot.progress);
      const result = outcome(snapshot);
      if (result === undefined) return false;
      source?.close();
      if (result instanceof Error) reject(result);
      else resolve(result);
      return true;
    };
    const open = () => {
      if (signal.aborted) return;
      source = new EventSource(`/api/jobs/${encodeURIComponent(jobId)}/events`, { withCredentials: true });
      source.onmessage = (event) => settle(JSON.parse(event.data as string) as JobSnapshot);
      source.onerror = async () => {
        source?.close();
        try {
          const response = await fetch(`/api/jobs/${encodeURIComponent(jobId)}`, { credentials: "include", signal });
          if (!response.ok) throw explained(errorFromBody(await response.text()), i18n.t("common:run.serverStatus", { status: response.status }));
          if (!settle((await response.json()) as JobSnapshot)) setTimeout(open, 1000);
        } catch (error) {
          reject(error);
        }
      };
    };
    signal.addEventListener(
      "abort",
      () => {
        source?.close();
        reject(abortError());
      },
      { once: true },
    );
    open();
  });
}

/** Asks the server to stop a job and its engines. Sent with keepalive so that it survives leaving the page. */
export function cancelJob(jobId: string): void {
  void fetch(`/api/jobs/${encodeURIComponent(jobId)}`, { method: "DELETE", credentials: "include", keepalive: true }).catch(
    () => undefined,
  );
}

/** Starts a browser download of a stored result; the server sends it as an attachment, so the page stays. */
export function startDownload(url: string, filename: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
}
