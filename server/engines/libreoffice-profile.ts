import fs from "node:fs/promises";
import path from "node:path";

/**
 * The LibreOffice user profile each office process gets. Besides being one folder per process (two processes on
 * one profile make the second silently write nothing), it locks documents in: no macros, no link updates, no
 * fetching of linked images or other content from outside the document, and every internet protocol sent to a
 * proxy on a port where nothing listens, so that whatever slips past the first settings still cannot connect.
 *
 * No setting of LibreOffice 7.4 stops every read of a linked file: a linked OLE object in a presentation (or an
 * OpenDocument draw:object pointing at a file) is read while the document is imported, before any "update" choice
 * applies. That is what the engine sandbox is for (sandbox.ts): the office sees no file worth reading. These
 * settings cover what happens after import: links and fields never refreshed, no recalculation on load, no location
 * trusted; templates are never reloaded (the bridge loads with UpdateDocMode NO_UPDATE).
 */

/** Loopback port 9 (discard): nothing listens there, so every proxied request fails at once. */
const DEAD_PROXY = { host: "127.0.0.1", port: 9 };

const SETTINGS: ReadonlyArray<[string, string, string | number | boolean]> = [
  // Macros never run, whatever the document claims.
  ["/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", 3],
  ["/org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution", true],
  // Linked images, media and other references are not followed from documents outside trusted locations; there
  // are no trusted locations, so none is followed.
  ["/org.openoffice.Office.Common/Security/Scripting", "BlockUntrustedRefererLinks", true],
  // No trusted locations: macros and links in no folder are treated as safe.
  ["/org.openoffice.Office.Common/Security/Scripting", "SecureURL", ""],
  // Links and fields are not refreshed from their sources (Writer: 2 never; Calc: 1 never).
  ["/org.openoffice.Office.Writer/Content/Update", "Link", 2],
  ["/org.openoffice.Office.Writer/Content/Update", "Field", false],
  ["/org.openoffice.Office.Calc/Content/Update", "Link", 1],
  // Spreadsheets show the values they were saved with (1: never recalculate on load), so that no formula fetches
  // external data while the document opens.
  ["/org.openoffice.Office.Calc/Formula/Load", "OOXMLRecalcMode", 1],
  ["/org.openoffice.Office.Calc/Formula/Load", "ODFRecalcMode", 1],
  // Manual proxy for every protocol, pointing nowhere; no exceptions, loopback included.
  ["/org.openoffice.Inet/Settings", "ooInetProxyType", 2],
  ["/org.openoffice.Inet/Settings", "ooInetHTTPProxyName", DEAD_PROXY.host],
  ["/org.openoffice.Inet/Settings", "ooInetHTTPProxyPort", DEAD_PROXY.port],
  ["/org.openoffice.Inet/Settings", "ooInetHTTPSProxyName", DEAD_PROXY.host],
  ["/org.openoffice.Inet/Settings", "ooInetHTTPSProxyPort", DEAD_PROXY.port],
  ["/org.openoffice.Inet/Settings", "ooInetFTPProxyName", DEAD_PROXY.host],
  ["/org.openoffice.Inet/Settings", "ooInetFTPProxyPort", DEAD_PROXY.port],
  ["/org.openoffice.Inet/Settings", "ooInetNoProxy", ""],
  // No update checks, crash reports or first-start work.
  ["/org.openoffice.Office.Common/Misc", "FirstRun", false],
  ["/org.openoffice.Office.Common/Misc", "UseOpenCL", false],
  ["/org.openoffice.Office.Common/Misc", "UseLocking", false],
  ["/org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job['UpdateCheck']/Arguments", "AutoCheckEnabled", false],
];

function xmlValue(value: string | number | boolean): string {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;");
}

function registryXml(): string {
  const items = SETTINGS.map(
    ([item, name, value]) => `<item oor:path="${item}"><prop oor:name="${name}" oor:op="fuse"><value>${xmlValue(value)}</value></prop></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${items.join("\n")}
</oor:items>
`;
}

/**
 * Creates (or resets) a profile folder with the locked-down settings; returns the file: URL for
 * -env:UserInstallation of where the office sees it (seenAs: its path inside the sandbox).
 */
export async function prepareProfile(dir: string, seenAs: string = dir): Promise<string> {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(path.join(dir, "user"), { recursive: true });
  await fs.writeFile(path.join(dir, "user", "registrymodifications.xcu"), registryXml());
  return `file://${seenAs}`;
}
