import { i18n } from "../../i18n/i18n.js";
import type { SignOptions } from "../../../../catalog/options/sign.js";
import type { Values } from "../tool/settings/types.js";

type SignatureType = SignOptions["signatureType"];

/** The fields every sign call sends, in the spec's order, whatever the signature type. */
const COMMON_FIELDS = [
  "signatureType",
  "visibleSignature",
  "lockPdfAfterSigning",
  "timeStamp",
  "signatureColor",
  "signatureOpacity",
  "signatureBorder",
  "signatureBackground",
  "signatureDate",
  "signatureLabel",
  "signatureReason",
  "signaturePage",
  "signatureX",
  "signatureY",
  "signatureWidth",
  "signatureHeight",
] as const;

/** Then only what the chosen type needs: a drawing left over from the Draw tab is not sent with a typed name. */
const FIELDS_BY_TYPE: Record<SignatureType, readonly string[]> = {
  draw: ["drawSignatureData"],
  type: ["typedName", "typedFont", "typedStyle"],
  image: ["signatureImage"],
  certificate: ["certificateFile", "certificatePassword", "certificateLevel"],
};

/** The spec's toast when the chosen method lacks its input. */
export interface MissingInput {
  title: string;
  description: string;
}

function missing(what: "drawing" | "name" | "image" | "certificate"): MissingInput {
  return { title: i18n.t(`tool:sign.missing.${what}.title`), description: i18n.t(`tool:sign.missing.${what}.text`) };
}

/**
 * What is missing for the chosen method, if anything. `hasDrawing` says whether the canvas holds strokes (the PNG
 * is made from them only when signing).
 */
export function missingInput(values: Values, hasDrawing: boolean): MissingInput | undefined {
  switch (values.signatureType as SignatureType) {
    case "draw":
      return hasDrawing ? undefined : missing("drawing");
    case "type":
      return String(values.typedName ?? "").trim() ? undefined : missing("name");
    case "image":
      return values.signatureImage instanceof File ? undefined : missing("image");
    case "certificate":
      return values.certificateFile instanceof File ? undefined : missing("certificate");
  }
}

/**
 * The values to post: the common fields and the chosen type's own. A time stamp is asked for only when the server
 * has a time-stamp authority; otherwise the switch is off on screen and the request says so too.
 */
export function requestValues(values: Values, timeStampAvailable: boolean): Values {
  const type = values.signatureType as SignatureType;
  const picked: Values = {};
  for (const key of [...COMMON_FIELDS, ...FIELDS_BY_TYPE[type]]) picked[key] = values[key];
  picked.timeStamp = timeStampAvailable && values.timeStamp === true;
  return picked;
}
