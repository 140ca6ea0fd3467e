import crypto from "node:crypto";
import forge from "node-forge";
import type { SigningIdentity } from "./certificate.js";
import { algorithm, contextTag, expectChildren, octetString, oid, readElement, sequence, setOf, smallInteger, tlv, TAG } from "./der.js";

export const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
} as const;

/**
 * pkcs7: the classic adbe.pkcs7.detached content, with the signing time among the signed attributes.
 * pades: PAdES baseline B-B (ETSI.CAdES.detached): the signing certificate is bound by its hash
 * (signing-certificate-v2) and the signing time is left to the signature dictionary's M entry, as PAdES requires.
 */
export type SignatureProfile = "pkcs7" | "pades";

export interface CmsOptions {
  identity: SigningIdentity;
  profile: SignatureProfile;
  signingTime: Date;
  /** Given the signature value, returns an RFC 3161 time-stamp token over it (making a PAdES B-T signature). */
  timeStamp?: (signatureValue: Buffer) => Promise<Buffer>;
}

export function certificateDer(certificate: forge.pki.Certificate): Buffer {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), "binary");
}

/** The issuer Name and serialNumber elements of a certificate, as its own bytes. */
function issuerAndSerial(der: Buffer): { issuer: Buffer; serial: Buffer } {
  const [tbs] = expectChildren(readElement(der), TAG.sequence);
  const fields = expectChildren(tbs, TAG.sequence);
  // The version is an optional explicit [0] in front.
  const first = fields[0]!.tag === 0xa0 ? 1 : 0;
  return { serial: fields[first]!.bytes, issuer: fields[first + 2]!.bytes };
}

const attribute = (type: string, value: Buffer): Buffer => sequence(oid(type), setOf(value));

/** ESS signing-certificate-v2: the SHA-256 of the signer's certificate (the default algorithm, so left out) and its issuer and serial. */
function signingCertificateV2(der: Buffer): Buffer {
  const { issuer, serial } = issuerAndSerial(der);
  const hash = crypto.createHash("sha256").update(der).digest();
  // IssuerSerial names the issuer as a GeneralNames list holding one directoryName ([4], explicit).
  const issuerSerial = sequence(sequence(tlv(0xa4, issuer)), serial);
  return attribute(OID.signingCertificateV2, sequence(sequence(sequence(octetString(hash), issuerSerial))));
}

function utcTime(date: Date): Buffer {
  const iso = date.toISOString();
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(0x17, Buffer.from(text, "ascii"));
}

/**
 * A detached CMS SignedData over `content` (the PDF's signed byte ranges), SHA-256 with RSA, carrying the
 * signer's certificate and chain. Built by hand because node-forge cannot write the attributes PAdES needs.
 */
export async function signDetached(content: Buffer, options: CmsOptions): Promise<Buffer> {
  const { identity, profile } = options;
  const signerDer = certificateDer(identity.certificate);
  const { issuer, serial } = issuerAndSerial(signerDer);

  const signedAttributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(crypto.createHash("sha256").update(content).digest())),
    profile === "pades" ? signingCertificateV2(signerDer) : attribute(OID.signingTime, utcTime(options.signingTime)),
  ];
  // The signature covers the attributes encoded as a SET OF; in the SignerInfo they carry the implicit [0] tag.
  const signedSet = setOf(...signedAttributes);
  const key = crypto.createPrivateKey(forge.pki.privateKeyToPem(identity.key as forge.pki.rsa.PrivateKey));
  const signatureValue = crypto.sign("sha256", signedSet, key);

  // unsignedAttrs is an implicit [1] SET OF Attribute: the attribute goes straight inside the tag.
  const unsigned = options.timeStamp ? [contextTag(1, attribute(OID.signatureTimeStampToken, await options.timeStamp(signatureValue)))] : [];
  const signerInfo = sequence(
    smallInteger(1),
    sequence(issuer, serial),
    algorithm(OID.sha256),
    Buffer.concat([Buffer.from([0xa0]), signedSet.subarray(1)]),
    algorithm(OID.rsaEncryption),
    octetString(signatureValue),
    ...unsigned,
  );
  const signedData = sequence(
    smallInteger(1),
    setOf(algorithm(OID.sha256)),
    sequence(oid(OID.data)),
    contextTag(0, signerDer, ...identity.chain.map(certificateDer)),
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), contextTag(0, signedData));
}
