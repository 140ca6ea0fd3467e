import { Signer } from "@signpdf/utils";
import { signDetached, type CmsOptions } from "./cms.js";

/** The bridge to @signpdf: it hands over the signed byte ranges and embeds the CMS this returns. */
export class CmsSigner extends Signer {
  constructor(private readonly options: Omit<CmsOptions, "signingTime">) {
    super();
  }

  override async sign(pdf: Buffer, signingTime: Date = new Date()): Promise<Buffer> {
    return signDetached(pdf, { ...this.options, signingTime });
  }
}
