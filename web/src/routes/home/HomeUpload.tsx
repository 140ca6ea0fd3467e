import { useState } from "react";
import { useLocation } from "wouter";
import { Field } from "../../components/form/Field.js";
import { inputStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { FileList } from "../../components/upload/FileList.js";
import { useSelectedFiles } from "../../lib/file-store.js";
import { toast } from "../../lib/toast-store.js";
import { findToolSummary } from "../../lib/tool-summaries.js";
import { HOME_RULES } from "../../lib/upload-rules.js";

const HOME_TOOL_CHOICES = ["merge-pdf", "split-pdf", "compress-pdf", "convert-pdf", "protect-pdf"] as const;

/**
 * The home page's dropzone. Processing happens on the tool's own page, with its settings: the chosen files go
 * along (they are shared state) and the visitor runs the tool there, so nothing here pretends to process.
 */
export function HomeUpload() {
  const files = useSelectedFiles();
  const [toolId, setToolId] = useState("");
  const [, navigate] = useLocation();

  const process = () => {
    if (files.length === 0) {
      toast({ title: "No files selected", description: "Please upload at least one file to process.", variant: "destructive" });
    } else if (!toolId) {
      toast({ title: "No tool selected", description: "Please select a tool to process your files.", variant: "destructive" });
    } else {
      navigate(`/${toolId}`);
    }
  };

  return (
    <section aria-label="Upload files" className="mx-auto max-w-4xl px-4 py-12">
      {files.length === 0 ? (
        <DropArea rules={HOME_RULES} />
      ) : (
        <FileList files={files} rules={HOME_RULES} title="Processing Files" processLabel="Process Files" onProcess={process}>
          <div className="mt-4">
            <Field label="Tool">
              {(id) => (
                <select id={id} value={toolId} onChange={(e) => setToolId(e.target.value)} className={inputStyles}>
                  <option value="">Select Tool</option>
                  {HOME_TOOL_CHOICES.map((choice) => (
                    <option key={choice} value={choice}>
                      {findToolSummary(choice)?.name}
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
