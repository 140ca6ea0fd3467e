import forge from "node-forge";
import { Signer } from "@signpdf/utils";
import type { SigningIdentity } from "./certificate.js";

/** A detached PKCS#7 (CMS) signature with SHA-256 over the signed byte ranges, the certificate chain included. */
export class Pkcs7Signer extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }

  override async sign(pdf: Buffer, signingTime: Date = new Date()): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString("binary"));
    p7.addCertificate(this.identity.certificate);
    for (const cert of this.identity.chain) p7.addCertificate(cert);
    p7.addSigner({
      key: this.identity.key as forge.pki.rsa.PrivateKey,
      certificate: this.identity.certificate,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
        { type: forge.pki.oids.messageDigest! },
        // forge accepts a Date here although its types say string.
        { type: forge.pki.oids.signingTime!, value: signingTime as unknown as string },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), "binary");
  }
}
