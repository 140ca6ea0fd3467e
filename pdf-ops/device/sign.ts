import type { SignOptions } from "../../catalog/options/sign.js";
import { UserError } from "../errors.js";
import { msg } from "../message.js";
import { planVisualSignature, type UploadedImage } from "../sign/visible.js";
import { bytesOf } from "./open.js";
import type { DeviceInput, DeviceOperation } from "./operation.js";
import { stampOnDevice } from "./stamp.js";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

/** The signature picture as the server takes it: PNG by its signature, JPEG otherwise (the upload allows those two). */
async function uploadedImage(file: DeviceInput | undefined): Promise<UploadedImage | undefined> {
  if (!file) return undefined;
  const bytes = await bytesOf(file.data);
  return { name: file.name, bytes, format: PNG_SIGNATURE.every((b, i) => bytes[i] === b) ? "png" : "jpeg" };
}

const signVisually = stampOnDevice<SignOptions>(async (options, pdf, ctx, run) => {
  const assets = { fonts: ctx.engines.signatureFonts, fitImage: ctx.engines.fitImage };
  return planVisualSignature(options, pdf, await uploadedImage(run.extras?.signatureImage), assets, new Date());
});

/**
 * Sign PDF on the device: drawn, typed and image signatures, with the server's drawing and overlay. A certificate
 * signature is made on the server only (the screen sends it there): asked for here, the server is offered.
 */
export const signOnDevice: DeviceOperation<SignOptions> = async (run, ctx) => {
  if (run.options.signatureType === "certificate") throw new UserError(msg("common:device.certificateOnServer"), 422, "needs_server");
  return signVisually(run, ctx);
};
