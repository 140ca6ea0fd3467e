import { FILE_KINDS, type FileKind } from "../../../../catalog/file-kinds.js";
import { Field } from "../../components/form/Field.js";
import { inputStyles } from "../../components/ui/styles.js";
import { formatBytes } from "../../lib/format-bytes.js";
import { useT } from "../../i18n/use-t.js";

/** A file field beside the PDF (the signature image, the certificate), accepting the catalogue's kinds for it. */
export function FilePicker({ label, kinds, file, onChange }: { label: string; kinds: readonly FileKind[]; file: unknown; onChange(file: File | undefined): void }) {
  const t = useT("tool");
  const accept = kinds.flatMap((kind) => [FILE_KINDS[kind].mime, ...FILE_KINDS[kind].extensions]).join(",");
  const chosen = file instanceof File ? file : undefined;
  return (
    <Field label={label} hint={chosen ? `${chosen.name} (${formatBytes(chosen.size)})` : t("sign.filePicker", { extensions: kinds.flatMap((k) => FILE_KINDS[k].extensions).join(", ") })}>
      {(id) => <input id={id} type="file" accept={accept} className={inputStyles} onChange={(e) => onChange(e.target.files?.[0] ?? undefined)} />}
    </Field>
  );
}
