import { useState } from "react";
import { useLocation } from "wouter";
import { Field } from "../../components/form/Field.js";
import { inputStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { FileList } from "../../components/upload/FileList.js";
import { useSelectedFiles } from "../../lib/file-store.js";
import { toast } from "../../lib/toast-store.js";
import { HOME_RULES } from "../../lib/upload-rules.js";
import { useT } from "../../i18n/use-t.js";

const HOME_TOOL_CHOICES = ["merge-pdf", "split-pdf", "compress-pdf", "convert-pdf", "protect-pdf"] as const;

/**
 * The home page's dropzone. Processing happens on the tool's own page, with its settings: the chosen files go
 * along (they are shared state) and the visitor runs the tool there, so nothing here pretends to process.
 */
export function HomeUpload() {
  const files = useSelectedFiles();
  const [toolId, setToolId] = useState("");
  const [, navigate] = useLocation();
  const t = useT("home");

  const process = () => {
    if (files.length === 0) {
      toast({ title: t("upload.noFiles"), description: t("upload.noFilesText"), variant: "destructive" });
    } else if (!toolId) {
      toast({ title: t("upload.noTool"), description: t("upload.noToolText"), variant: "destructive" });
    } else {
      navigate(`/${toolId}`);
    }
  };

  return (
    <section aria-label={t("upload.label")} className="mx-auto max-w-4xl px-4 py-12">
      {files.length === 0 ? (
        <DropArea rules={HOME_RULES} />
      ) : (
        <FileList files={files} rules={HOME_RULES} title={t("upload.processing")} processLabel={t("upload.process")} onProcess={process}>
          <div className="mt-4">
            <Field label={t("upload.tool")}>
              {(id) => (
                <select id={id} value={toolId} onChange={(e) => setToolId(e.target.value)} className={inputStyles}>
                  <option value="">{t("upload.selectTool")}</option>
                  {HOME_TOOL_CHOICES.map((choice) => (
                    <option key={choice} value={choice}>
                      {t(`tools:${choice}.name`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </FileList>
      )}
    </section>
  );
}
