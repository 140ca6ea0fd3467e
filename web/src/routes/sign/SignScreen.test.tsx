import { QueryClientProvider } from "@tanstack/react-query";
import { testQueryClient } from "../../lib/test-query-client.js";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findTool } from "../../../../catalog/index.js";
import { setPrefersServer } from "../../device/where-to-run.js";
import { fileStore } from "../../lib/file-store.js";
import { dismissToast, useCurrentToast } from "../../lib/toast-store.js";
import SignScreen from "./SignScreen.js";

const tool = findTool("pdf-sign")!;

// jsdom lays nothing out, so it has no ResizeObserver; the sliders and the page preview only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function ToastProbe() {
  const toast = useCurrentToast();
  return toast ? <output data-testid="probe">{`${toast.title}|${toast.description}|${toast.variant ?? "default"}`}</output> : null;
}

/** The screen with the server's health reply already known (GET /api/health is not reachable from jsdom). */
function renderWith(health: unknown = { status: "ok" }, file: File | null = pdf()) {
  if (file) act(() => fileStore.add([file]));
  const client = testQueryClient(health);
  render(
    <QueryClientProvider client={client}>
      <SignScreen tool={tool} />
      <ToastProbe />
    </QueryClientProvider>,
  );
}

const pdf = () => new File(["%PDF-1.7 not really"], "contract.pdf", { type: "application/pdf" });

/** Radix tabs switch on pointer down (a click alone does nothing in jsdom). */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole("tab", { name }), { button: 0, ctrlKey: false });
}

/** The form the screen uploads, captured where it leaves the browser. */
function captureUpload() {
  const sent: Array<{ url: string; body: FormData }> = [];
  let url = "";
  vi.spyOn(XMLHttpRequest.prototype, "open").mockImplementation((_method: string, to: string | URL) => {
    url = String(to);
  });
  vi.spyOn(XMLHttpRequest.prototype, "send").mockImplementation((body) => {
    sent.push({ url, body: body as FormData });
  });
  return sent;
}

const chooseType = (type: string) => fireEvent.change(screen.getByLabelText("Signature type"), { target: { value: type } });
const sign = () => fireEvent.click(screen.getByRole("button", { name: "Sign PDF" }));
const probe = () => screen.getByTestId("probe").textContent;

describe("Sign PDF screen", () => {
  beforeEach(() => {
    fileStore.clear();
    act(() => dismissToast());
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setPrefersServer(false);
  });

  it("shows the drop area until a PDF is chosen, then its name, the three tabs and Sign PDF", () => {
    renderWith(undefined, null);
    expect(screen.getByText("Drag & Drop your files here")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign PDF" })).toBeNull();
    act(() => fileStore.add([pdf()]));
    expect(screen.getByRole("heading", { name: "contract.pdf" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Signature", "Placement", "Appearance"]);
    expect(screen.getByTestId("draw-canvas")).toHaveAttribute("width", "500");
    expect(screen.getByTestId("draw-canvas")).toHaveAttribute("height", "150");
  });

  it("refuses each method without its input, with the spec's toasts, and sends nothing", () => {
    const sent = captureUpload();
    renderWith();
    sign();
    expect(probe()).toBe("Missing signature|Please draw your signature|destructive");
    chooseType("type");
    sign();
    expect(probe()).toBe("Missing name|Please enter your name for the typed signature|destructive");
    chooseType("image");
    sign();
    expect(probe()).toBe("Missing image|Please upload a signature image|destructive");
    chooseType("certificate");
    sign();
    expect(probe()).toBe("Missing certificate|Please upload a digital certificate file|destructive");
    expect(sent).toEqual([]);
  });

  it("shows the inputs of each method: name with five fonts and three styles; certificate file, password and level", () => {
    renderWith();
    chooseType("type");
    const fonts = screen.getByLabelText("Font") as HTMLSelectElement;
    expect([...fonts.options].map((o) => o.textContent)).toEqual(["Dancing Script", "Sacramento", "Caveat", "Satisfy", "Parisienne"]);
    expect([...(screen.getByLabelText("Style") as HTMLSelectElement).options].map((o) => o.value)).toEqual(["standard", "cursive", "formal"]);
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Ada Lovelace" } });
    fireEvent.change(fonts, { target: { value: "parisienne" } });
    expect(screen.getByTestId("typed-preview")).toHaveTextContent("Ada Lovelace");
    expect((screen.getByTestId("typed-preview").firstChild as HTMLElement).style.fontFamily).toContain("Parisienne");
    chooseType("certificate");
    expect(screen.getByLabelText("Certificate file")).toHaveAttribute("accept", expect.stringContaining(".p12"));
    expect(screen.getByLabelText("Certificate file")).toHaveAttribute("accept", expect.stringContaining(".pfx"));
    expect(screen.getByLabelText("Certificate password")).toHaveAttribute("type", "password");
    expect([...(screen.getByLabelText("Certificate level") as HTMLSelectElement).options].map((o) => o.value)).toEqual(["basic", "advanced", "qualified"]);
  });

  it("posts a typed signature to sign-pdf with the placement and appearance chosen, where the server is chosen", async () => {
    const sent = captureUpload();
    renderWith();
    // A typed signature is made in the browser unless the visitor sends it to the server.
    expect(screen.getByTestId("where-it-runs")).toHaveTextContent("Processed on your device");
    fireEvent.click(screen.getByRole("switch", { name: "Use the server instead" }));
    chooseType("type");
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Ada Lovelace" } });
    openTab("Placement");
    fireEvent.click(screen.getByRole("switch", { name: "Last Page" }));
    fireEvent.change(screen.getByLabelText("Page number"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Width"), { target: { value: "900" } });
    openTab("Appearance");
    fireEvent.click(screen.getByRole("button", { name: "Blue" }));
    fireEvent.click(screen.getByRole("switch", { name: "Border" }));
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Agreed" } });
    sign();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe("/api/jobs/sign-pdf");
    const fields = Object.fromEntries([...sent[0]!.body].filter(([, v]) => typeof v === "string"));
    expect(fields).toMatchObject({
      signatureType: "type",
      typedName: "Ada Lovelace",
      typedFont: "dancingScript",
      typedStyle: "standard",
      signaturePage: "2",
      signatureWidth: "500",
      signatureColor: "blue",
      signatureBorder: "false",
      signatureReason: "Agreed",
      timeStamp: "false",
    });
    expect((sent[0]!.body.get("files") as File).name).toBe("contract.pdf");
  });

  it("'Last Page' toggles the page between the last page and page 1", () => {
    renderWith();
    openTab("Placement");
    const last = screen.getByRole("switch", { name: "Last Page" });
    expect(last).toBeChecked();
    expect(screen.queryByLabelText("Page number")).toBeNull();
    fireEvent.click(last);
    expect(screen.getByLabelText("Page number")).toHaveValue(1);
    fireEvent.click(last);
    expect(screen.queryByLabelText("Page number")).toBeNull();
  });

  it("shows the time stamp as unavailable when the server has no time-stamp authority", () => {
    renderWith({ status: "ok" });
    openTab("Appearance");
    expect(screen.getByRole("switch", { name: "Time stamp" })).toBeDisabled();
    expect(screen.getByText("No time-stamp authority is configured on this server.")).toBeInTheDocument();
  });

  it("lets the time stamp be chosen when the server has a time-stamp authority, and sends it", async () => {
    const sent = captureUpload();
    renderWith({ status: "ok", features: { timeStamp: true } });
    chooseType("certificate");
    fireEvent.change(screen.getByLabelText("Certificate file"), { target: { files: [new File([new Uint8Array([0x30])], "me.pfx")] } });
    openTab("Appearance");
    const stamp = screen.getByRole("switch", { name: "Time stamp" });
    expect(stamp).toBeEnabled();
    expect(screen.queryByText("No time-stamp authority is configured on this server.")).toBeNull();
    fireEvent.click(stamp);
    sign();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.get("timeStamp")).toBe("true");
    expect((sent[0]!.body.get("certificateFile") as File).name).toBe("me.pfx");
  });

  it("Change file starts over with the defaults", () => {
    renderWith();
    chooseType("type");
    fireEvent.click(screen.getByRole("button", { name: "Change file" }));
    expect(screen.getByText("Drag & Drop your files here")).toBeInTheDocument();
    act(() => fileStore.add([pdf()]));
    expect(screen.getByLabelText("Signature type")).toHaveValue("draw");
  });
});
