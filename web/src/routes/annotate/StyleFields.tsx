import type { ReactNode } from "react";
import { annotationSchema, SHAPE_TYPES } from "../../../../catalog/options/annotate.js";
import { ColorField, NumberField, SelectField, SliderField, TextAreaField, TextField, ToggleField } from "../../components/form/fields.js";
import { SettingsTabs } from "../../components/form/SettingsTabs.js";
import { numberBounds } from "../../lib/option-schema.js";
import { humanize } from "../tool/settings/bindings.js";
import type { AnnotationStyle, AnnotationType } from "./annotation-model.js";

/** The spec's slider steps; the bounds come from the catalogue's schema. */
const OPACITY_STEP = 0.1;
const STROKE_STEP = 0.5;


/**
 * The Options and Appearance tabs for one kind of annotation: the settings new annotations of the chosen tool
 * take, or those of the selected annotation.
 */
export function StyleFields({ type, style, onChange }: { type: AnnotationType; style: AnnotationStyle; onChange(patch: AnnotationStyle): void }) {
  const slider = (key: "opacity" | "strokeWidth", label: string, step: number) => {
    const { min, max } = numberBounds(annotationSchema, key);
    return <SliderField label={label} value={Number(style[key] ?? min)} min={min} max={max} step={step} onChange={(v) => onChange({ [key]: v })} />;
  };
  const color = (label: string, key: "color" | "strokeColor" = "color") => <ColorField label={label} value={style[key] ?? "#000000"} onChange={(v) => onChange({ [key]: v })} />;

  const options: Record<AnnotationType, ReactNode> = {
    text: (
      <>
        <TextAreaField label="Text" value={style.text ?? ""} onChange={(text) => onChange({ text })} />
        <NumberField label="Font size" value={style.fontSize ?? 12} {...numberBounds(annotationSchema, "fontSize")} fallback={12} onChange={(fontSize) => onChange({ fontSize })} />
        <ToggleField label="Bold" checked={style.bold ?? false} onChange={(bold) => onChange({ bold })} />
        <ToggleField label="Italic" checked={style.italic ?? false} onChange={(italic) => onChange({ italic })} />
      </>
    ),
    highlight: <Hint>Click where the words start; change the size of a placed highlight to cover them.</Hint>,
    underline: <Hint>Click under the start of the words; change the size of a placed underline to cover them.</Hint>,
    strikethrough: <Hint>Click where the words start; change the size of a placed strikethrough to cover them.</Hint>,
    comment: (
      <>
        <TextField label="Title" value={style.title ?? ""} onChange={(title) => onChange({ title })} />
        <TextAreaField label="Comment" value={style.text ?? ""} onChange={(text) => onChange({ text })} />
      </>
    ),
    link: (
      <>
        <TextField label="Link address" value={style.url ?? ""} placeholder="https://example.com" hint="Starts with https://, http:// or mailto:" onChange={(url) => onChange({ url })} />
        <ToggleField label="Underline" checked={style.underline ?? true} hint="A link area is invisible in PDF; the underline shows where it is." onChange={(underline) => onChange({ underline })} />
      </>
    ),
    shape: <SelectField label="Shape" value={style.shapeType ?? "rectangle"} choices={SHAPE_TYPES} describe={humanize} onChange={(shapeType) => onChange({ shapeType })} />,
    draw: <Hint>Drag on the page to draw; each stroke becomes one drawing.</Hint>,
  };

  const noFill = style.fillColor === "transparent";
  const appearance: Record<AnnotationType, ReactNode> = {
    text: color("Text colour"),
    highlight: (
      <>
        {color("Highlight colour")}
        {slider("opacity", "Opacity", OPACITY_STEP)}
      </>
    ),
    underline: color("Line colour"),
    strikethrough: color("Line colour"),
    comment: color("Note colour"),
    link: color("Underline colour"),
    shape: (
      <>
        {color("Stroke colour", "strokeColor")}
        {style.shapeType === "line" || style.shapeType === "arrow" ? null : (
          <>
            <ToggleField label="No fill" checked={noFill} onChange={(none) => onChange({ fillColor: none ? "transparent" : "#ffffff" })} />
            {!noFill && <ColorField label="Fill colour" value={style.fillColor ?? "#ffffff"} onChange={(fillColor) => onChange({ fillColor })} />}
          </>
        )}
        {slider("strokeWidth", "Stroke width", STROKE_STEP)}
        {slider("opacity", "Opacity", OPACITY_STEP)}
      </>
    ),
    draw: (
      <>
        {color("Pen colour")}
        {slider("strokeWidth", "Pen width", STROKE_STEP)}
      </>
    ),
  };

  return (
    <SettingsTabs
      tabs={[
        { label: "Options", content: options[type] },
        { label: "Appearance", content: appearance[type] },
      ]}
    />
  );
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-300">{children}</p>;
}
