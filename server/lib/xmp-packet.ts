/**
 * An XMP metadata packet written from the document information, so that the two say the same: readers that prefer
 * XMP (most do) show what the Info dictionary holds.
 */

export interface XmpFields {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  producer?: string;
  /** XMP dates ("2024-05-01T10:20:30Z"). */
  createDate?: string;
  modifyDate?: string;
  /** Entries of the visitor's own, by name. */
  custom: Record<string, string>;
  /** A PDF/A claim the old packet made, kept so that the file still says what it is. */
  pdfaPart?: string;
  pdfaConformance?: string;
}

const NS = {
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  dc: "http://purl.org/dc/elements/1.1/",
  pdf: "http://ns.adobe.com/pdf/1.3/",
  xmp: "http://ns.adobe.com/xap/1.0/",
  pdfx: "http://ns.adobe.com/pdfx/1.3/",
  pdfaid: "http://www.aiim.org/pdfa/ns/id/",
};

/** Names that are both PDF names and XML element names; fixed character classes, linear. */
const XML_SAFE_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

function escapeXml(text: string): string {
  let out = "";
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (c === "&") out += "&amp;";
    else if (c === "<") out += "&lt;";
    else if (c === ">") out += "&gt;";
    else if (c === '"') out += "&quot;";
    // Control characters other than tab and line breaks are not allowed in XML 1.0.
    else if (code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r") continue;
    else out += c;
  }
  return out;
}

const alt = (name: string, value: string) =>
  `<${name}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${name}>`;
const seq = (name: string, value: string) => `<${name}><rdf:Seq><rdf:li>${escapeXml(value)}</rdf:li></rdf:Seq></${name}>`;
const simple = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export function xmpPacket(f: XmpFields, metadataDate: string): string {
  const props: string[] = [];
  if (f.title !== undefined) props.push(alt("dc:title", f.title));
  if (f.author !== undefined) props.push(seq("dc:creator", f.author));
  if (f.subject !== undefined) props.push(alt("dc:description", f.subject));
  if (f.keywords !== undefined) props.push(simple("pdf:Keywords", f.keywords));
  if (f.producer !== undefined) props.push(simple("pdf:Producer", f.producer));
  if (f.creator !== undefined) props.push(simple("xmp:CreatorTool", f.creator));
  if (f.createDate !== undefined) props.push(simple("xmp:CreateDate", f.createDate));
  if (f.modifyDate !== undefined) props.push(simple("xmp:ModifyDate", f.modifyDate));
  props.push(simple("xmp:MetadataDate", metadataDate));
  // An entry whose name XML cannot hold stays in the Info dictionary only.
  for (const [key, value] of Object.entries(f.custom)) if (XML_SAFE_NAME.test(key)) props.push(simple(`pdfx:${key}`, value));
  if (f.pdfaPart) props.push(simple("pdfaid:part", f.pdfaPart));
  if (f.pdfaConformance) props.push(simple("pdfaid:conformance", f.pdfaConformance));
  const namespaces = Object.entries(NS)
    .filter(([prefix]) => prefix !== "rdf")
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join("");
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    `<rdf:RDF xmlns:rdf="${NS.rdf}">`,
    `<rdf:Description rdf:about=""${namespaces}>`,
    ...props,
    "</rdf:Description>",
    "</rdf:RDF>",
    "</x:xmpmeta>",
    // Room to edit the packet in place, as the XMP specification recommends.
    " ".repeat(1024),
    '<?xpacket end="w"?>',
  ].join("\n");
}

/** The PDF/A part and conformance an XMP packet claims (attribute or element form), if any. */
export function pdfaClaim(xmp: string): { part?: string; conformance?: string } {
  return { part: valueAfter(xmp, "pdfaid:part"), conformance: valueAfter(xmp, "pdfaid:conformance") };
}

/** The short value after `name="` or `name>`: read by hand, one pass. */
function valueAfter(xml: string, name: string): string | undefined {
  const at = xml.indexOf(name);
  if (at === -1) return undefined;
  let i = at + name.length;
  if (xml[i] === "=") i++;
  if (xml[i] === '"' || xml[i] === "'" || xml[i] === ">") i++;
  else return undefined;
  let value = "";
  while (i < xml.length && value.length < 8 && /[A-Za-z0-9]/.test(xml[i]!)) value += xml[i++];
  return value || undefined;
}
