import { useEffect, useState } from "react";
import { usePdfDocument } from "../../../lib/use-pdf-document.js";
import { SchemaSettings } from "./SchemaSettings.js";
import type { SettingsProps, Values } from "./types.js";

/** The text fields of the screen by the Info entry that fills them. */
const FIELDS: Record<string, string> = {
  Title: "title",
  Author: "author",
  Subject: "subject",
  Keywords: "keywords",
  Creator: "creator",
  Producer: "producer",
};

/** What the file holds now, as the fields take it: its text entries and its custom ones (pdf.js reads them in the browser). */
export function currentValues(info: Record<string, unknown>): Values {
  const values: Values = {};
  for (const [entry, field] of Object.entries(FIELDS)) {
    if (typeof info[entry] === "string" && info[entry] !== "") values[field] = info[entry];
  }
  const custom = info.Custom;
  if (custom && typeof custom === "object") {
    const entries = Object.entries(custom as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string");
    if (entries.length > 0) values.custom = Object.fromEntries(entries);
  }
  return values;
}

/** Edit Metadata: the schema's fields, filled with what the chosen file holds now so that editing starts from it. */
export function MetadataSettings(props: SettingsProps) {
  const pdf = usePdfDocument(props.file);
  const [filledFrom, setFilledFrom] = useState<File | undefined>();
  const { setValues } = props;
  useEffect(() => {
    if (pdf.status !== "ready" || filledFrom === props.file) return;
    let cancelled = false;
    void pdf.doc.getMetadata().then(({ info }) => {
      if (cancelled) return;
      setValues(currentValues(info as Record<string, unknown>));
      setFilledFrom(props.file);
    });
    return () => {
      cancelled = true;
    };
  }, [pdf, props.file, filledFrom, setValues]);
  // Drawn again once filled: the custom entries box reads its value when it is made.
  return <SchemaSettings key={filledFrom ? filledFrom.name : "empty"} {...props} />;
}
