import forge from "node-forge";

/**
 * What the PKCS#12 worker sends back: the key and certificates as PEM (forge's objects do not cross threads), or
 * why the file could not be opened.
 */
export type Pkcs12Decoded =
  | { ok: true; keyPem: string; certificatePems: string[] }
  | { ok: false; reason: "password" | "unreadable" | "no-key" };

/** forge's OID table types its entries as possibly missing; these are always there. */
const OIDS = {
  pkcs8ShroudedKeyBag: forge.pki.oids.pkcs8ShroudedKeyBag!,
  keyBag: forge.pki.oids.keyBag!,
  certBag: forge.pki.oids.certBag!,
};

/** Decrypts a PKCS#12 file: every key derivation happens here, so this runs in a worker thread (pkcs12-worker.ts). */
export function decodePkcs12(der: Uint8Array, password: string): Pkcs12Decoded {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(der).toString("binary")));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    return { ok: false, reason: /password|MAC/i.test((err as Error).message) ? "password" : "unreadable" };
  }
  const bags = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const keyBag = [...bags(OIDS.pkcs8ShroudedKeyBag), ...bags(OIDS.keyBag)][0];
  const certs = bags(OIDS.certBag)
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => c !== undefined && c !== null);
  if (!keyBag?.key || certs.length === 0) return { ok: false, reason: "no-key" };
  try {
    return {
      ok: true,
      keyPem: forge.pki.privateKeyToPem(keyBag.key),
      certificatePems: certs.map((c) => forge.pki.certificateToPem(c)),
    };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
