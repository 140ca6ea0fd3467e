import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findTool } from "../../../catalog/tools.js";
import { dismissToast, useCurrentToast } from "./toast-store.js";
import { setPrefersServer } from "../device/where-to-run.js";
import { StoredResult } from "./stored-result.js";
import { runsHere, useToolRun } from "./use-tool-run.js";

/** An upload request that the server answers with `status` and `body`, as a proxy or the API would. */
function answerUploadsWith(status: number, body: string) {
  class AnsweringRequest {
    status = 0;
    responseText = "";
    withCredentials = false;
    upload: { onprogress?: (event: ProgressEvent) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    open() {}
    abort() {}
    send() {
      setTimeout(() => {
        this.status = status;
        this.responseText = body;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", AnsweringRequest);
}

async function failureToast(status: number, body: string) {
  answerUploadsWith(status, body);
  const tool = findTool("sign-pdf")!;
  const { result } = renderHook(() => ({
    run: useToolRun(tool, { failureTitle: "Signing failed", unexplainedFailure: "Failed to sign PDF" }),
    toast: useCurrentToast(),
  }));
  await act(() => result.current.run.run([new File(["%PDF-1.7"], "a.pdf")], {}));
  return result.current.toast;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissToast());
});

describe("useToolRun's cancel", () => {
  it("says that the run was cancelled", async () => {
    // An upload that never answers: the run is cancelled while it is under way.
    class SilentRequest {
      upload = {};
      open() {}
      abort() {}
      send() {}
    }
    vi.stubGlobal("XMLHttpRequest", SilentRequest);
    const { result } = renderHook(() => ({ run: useToolRun(findTool("rotate-pdf")!), toast: useCurrentToast() }));
    // On the server: Rotate PDF would otherwise run in the browser, with no upload to cancel.
    act(() => void result.current.run.run([new File(["%PDF-1.7"], "a.pdf")], {}, "server"));
    expect(result.current.run.state.phase).toBe("uploading");
    act(() => result.current.run.cancel());
    expect(result.current.run.state.phase).toBe("idle");
    expect(result.current.toast).toMatchObject({ title: "Cancelled" });
  });
});

describe("useToolRun's failure wording", () => {
  it("shows the server's own sentence when it gives one", async () => {
    const toast = await failureToast(422, JSON.stringify({ success: false, error: "This PDF is password-protected." }));
    expect(toast).toMatchObject({ title: "Signing failed", description: "This PDF is password-protected.", variant: "destructive" });
  });

  it("uses the screen's wording when the reply has no sentence", async () => {
    const toast = await failureToast(502, "<html>Bad Gateway</html>");
    expect(toast).toMatchObject({ title: "Signing failed", description: "Failed to sign PDF" });
  });
});

describe("where a run goes", () => {
  const pdf = new File(["%PDF-1.7"], "a.pdf");
  afterEach(() => setPrefersServer(false));

  it("runs the device tools here, and every other tool on the server", () => {
    expect(runsHere(findTool("rotate-pdf")!, [pdf], {}, "auto")).toBe(true);
    expect(runsHere(findTool("encrypt-pdf")!, [pdf], {}, "auto")).toBe(true);
    expect(runsHere(findTool("compress-pdf")!, [pdf], {}, "auto")).toBe(false);
  });

  it("goes to the server when the visitor chose it, for a batch, a result kept there, or on request", () => {
    const rotate = findTool("rotate-pdf")!;
    expect(runsHere(rotate, [pdf], { batch: true }, "auto")).toBe(false);
    expect(runsHere(rotate, [new StoredResult("a".repeat(24), "a.pdf", 10)], {}, "auto")).toBe(false);
    expect(runsHere(rotate, [pdf], {}, "server")).toBe(false);
    setPrefersServer(true);
    expect(runsHere(rotate, [pdf], {}, "auto")).toBe(false);
    expect(localStorage.getItem("pdf-toolbox-use-server")).toBe("1");
  });
});
