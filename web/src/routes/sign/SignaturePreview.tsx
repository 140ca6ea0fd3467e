import type { Values } from "../tool/settings/types.js";
import { cssColor } from "./signature-colors.js";
import { typedNameStyle } from "./signature-fonts.js";
import { useT } from "../../i18n/use-t.js";

/** The small lines under the mark, as the server writes them (pdf-ops/sign/appearance.ts). */
export function detailLines(values: Values, signerName: string | undefined, today = new Date()): string[] {
  const lines: string[] = [];
  const label = String(values.signatureLabel ?? "").trim();
  const reason = String(values.signatureReason ?? "").trim();
  if (label) lines.push(signerName ? `${label} ${signerName}` : label);
  if (values.signatureDate) lines.push(`Date: ${today.toISOString().slice(0, 10)}`);
  if (reason) lines.push(`Reason: ${reason}`);
  return lines;
}

/**
 * The signature inside its box on the page preview, laid out like the server draws it: the mark on top, the small
 * lines below, border and background as chosen, all at the page's scale (`pixelsPerPoint`).
 */
export function SignaturePreview({
  values,
  pixelsPerPoint,
  markUrl,
}: {
  values: Values;
  pixelsPerPoint: number;
  /** The drawing or the uploaded image; without one the typed (or certificate) name is shown. */
  markUrl: string | undefined;
}) {
  const t = useT("tool");
  const height = Number(values.signatureHeight);
  const color = cssColor(values.signatureColor);
  const opacity = Number(values.signatureOpacity);
  const type = values.signatureType;
  const typed = String(values.typedName ?? "").trim();
  const signer = type === "type" ? typed : type === "certificate" ? t("sign.preview.certificateSigner") : undefined;
  const lines = values.visibleSignature ? detailLines(values, signer) : [];
  const pad = Math.min(6, height / 10) * pixelsPerPoint;
  const textSize = Math.max(4, Math.min(8, (height * 0.4) / Math.max(1, lines.length) / 1.2)) * pixelsPerPoint;
  const name = type === "type" ? typed : type === "certificate" ? t("sign.preview.certificateName") : "";

  if (!values.visibleSignature) {
    return <span className="absolute inset-0 flex items-center justify-center bg-slate-100/80 text-xs text-slate-700">{t("sign.preview.invisible")}</span>;
  }
  return (
    <div
      className="absolute inset-0 flex flex-col overflow-hidden"
      style={{
        padding: pad,
        color,
        border: values.signatureBorder ? `${Math.max(1, pixelsPerPoint)}px solid ${color}` : undefined,
        backgroundColor: values.signatureBackground ? `color-mix(in srgb, ${color} ${opacity * 8}%, transparent)` : undefined,
      }}
    >
      <div className="flex min-h-0 flex-1 items-center justify-center" style={{ opacity, containerType: "size" }}>
        {markUrl ? (
          <img src={markUrl} alt="" className="max-h-full max-w-full object-contain" draggable={false} />
        ) : (
          <span
            className="whitespace-nowrap leading-none"
            style={{ ...typedNameStyle(values.typedFont, values.typedStyle), fontSize: `min(70cqh, ${160 / Math.max(4, name.length)}cqw)` }}
          >
            {name}
          </span>
        )}
      </div>
      <div style={{ fontSize: textSize, lineHeight: 1.2, opacity }} className="shrink-0 overflow-hidden whitespace-nowrap font-sans">
        {lines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </div>
    </div>
  );
}
