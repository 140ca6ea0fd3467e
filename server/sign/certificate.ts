import fs from "node:fs/promises";
import forge from "node-forge";
import { UserError } from "../errors.js";

/** The signer's key and certificate chain from a PKCS#12 file (.pfx, .p12). */
export interface SigningIdentity {
  key: forge.pki.PrivateKey;
  certificate: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
  /** The certificate's common name, for "Signed by". */
  name: string;
}

/** forge's OID table types its entries as possibly missing; these are always there. */
const OIDS = {
  pkcs8ShroudedKeyBag: forge.pki.oids.pkcs8ShroudedKeyBag!,
  keyBag: forge.pki.oids.keyBag!,
  certBag: forge.pki.oids.certBag!,
};

export async function readIdentity(file: string, password: string): Promise<SigningIdentity> {
  const der = await fs.readFile(file);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(der.toString("binary")));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    if (/password|MAC/i.test((err as Error).message)) {
      throw new UserError("The certificate password is incorrect.", 400, "incorrect_password");
    }
    throw new UserError("This file is not a certificate we can read. Please upload a .pfx or .p12 file.", 400, "bad_certificate");
  }
  const bags = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const keyBag = [...bags(OIDS.pkcs8ShroudedKeyBag), ...bags(OIDS.keyBag)][0];
  const certs = bags(OIDS.certBag)
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => c !== undefined && c !== null);
  if (!keyBag?.key || certs.length === 0) {
    throw new UserError("This certificate file has no private key or no certificate in it.", 400, "bad_certificate");
  }
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  // The signing certificate is the one whose public key matches the private key.
  const certificate =
    certs.find((c: forge.pki.Certificate) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals?.(key.n)) ?? certs[0]!;
  const now = new Date();
  if (certificate.validity.notAfter < now || certificate.validity.notBefore > now) {
    throw new UserError("This certificate is not valid today (it has expired or is not yet valid).", 400, "bad_certificate");
  }
  const name = String(certificate.subject.getField("CN")?.value ?? "");
  return { key, certificate, chain: certs.filter((c: forge.pki.Certificate) => c !== certificate), name };
}
