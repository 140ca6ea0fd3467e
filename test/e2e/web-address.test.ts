import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfinfo, pdftotext, tempDir } from "../helpers/pdf-tools.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

/** HTML to PDF's screen prints a page by its address, with the settings chosen beside it. */

let web: WebHarness;
let site: http.Server;
let sitePort: number;
let shots: string;
beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end("<!doctype html><html><body><h1>Opening hours</h1><p>Monday to Friday.</p></body></html>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as AddressInfo).port;
  // The site on this machine stands in for a public one; anything else on loopback stays refused.
  web = await startWebHarness({ egressPolicy: { allows: (address, port) => address === "127.0.0.1" && port === sitePort } });
  shots = process.env.SCREENSHOT_DIR ?? (await tempDir());
});
afterAll(async () => {
  await web?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe("HTML to PDF from a web address", () => {
  it("prints the page at the address typed, on the page size chosen", async () => {
    const { page, errors } = await web.reopen();
    await page.goto("/html-to-pdf");
    const form = page.getByTestId("web-address-form");
    await form.getByLabel("Web address").fill(`http://127.0.0.1:${sitePort}/hours`);
    await form.getByLabel("Page size", { exact: true }).selectOption("Letter");
    // A scale takes fractions, typed a character at a time.
    await form.getByLabel("Scale", { exact: true }).fill("");
    await form.getByLabel("Scale", { exact: true }).pressSequentially("0.75");
    await form.getByLabel("Scale", { exact: true }).blur();
    expect(await form.getByLabel("Scale", { exact: true }).inputValue()).toBe("0.75");
    await page.screenshot({ path: path.join(shots, "html-to-pdf-web-address.png"), fullPage: true });
    const download = page.waitForEvent("download");
    await form.getByRole("button", { name: "Print web page" }).click();
    const file = path.join(await tempDir(), "hours.pdf");
    await fs.copyFile(await (await download).path(), file);
    expect(await pdftotext(file)).toContain("Opening hours");
    expect((await pdfinfo(file))["Page size"]).toMatch(/^612 x 792 pts \(letter\)/);
    await expect.poll(() => page.getByTestId("result").innerText()).toContain("Printed 127.0.0.1 on 1 page (Letter, portrait).");
    expect(errors).toEqual([]);
  });

  it("says so when the address is not a web address, or one the server does not visit", async () => {
    const { page } = await web.reopen();
    await page.goto("/html-to-pdf");
    const form = page.getByTestId("web-address-form");
    await form.getByLabel("Web address").fill("not an address");
    await form.getByRole("button", { name: "Print web page" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toBe("Please enter a web address such as https://example.org/page.");
    await form.getByLabel("Web address").fill("http://10.1.2.3/admin");
    await form.getByRole("button", { name: "Print web page" }).click();
    expect(await toastText(page)).toContain("visits only public web addresses");
  });
});
