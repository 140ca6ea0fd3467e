import type { ReactNode } from "react";
import { annotationSchema, SHAPE_TYPES } from "../../../../catalog/options/annotate.js";
import { ColorField, NumberField, SelectField, SliderField, TextAreaField, TextField, ToggleField } from "../../components/form/fields.js";
import { SettingsTabs } from "../../components/form/SettingsTabs.js";
import { numberBounds } from "../../lib/option-schema.js";
import { useT } from "../../i18n/use-t.js";
import type { AnnotationStyle, AnnotationType } from "./annotation-model.js";

/** The spec's slider steps; the bounds come from the catalogue's schema. */
const OPACITY_STEP = 0.1;
const STROKE_STEP = 0.5;
const LINK_EXAMPLE = "https://example.com";


/**
 * The Options and Appearance tabs for one kind of annotation: the settings new annotations of the chosen tool
 * take, or those of the selected annotation.
 */
export function StyleFields({ type, style, onChange }: { type: AnnotationType; style: AnnotationStyle; onChange(patch: AnnotationStyle): void }) {
  const t = useT("tool");
  const field = {
    slider: (key: "opacity" | "strokeWidth", label: string, step: number) => {
      const { min, max } = numberBounds(annotationSchema, key);
      return <SliderField label={label} value={Number(style[key] ?? min)} min={min} max={max} step={step} onChange={(v) => onChange({ [key]: v })} />;
    },
    color: (label: string, key: "color" | "strokeColor" = "color") => <ColorField label={label} value={style[key] ?? "#000000"} onChange={(v) => onChange({ [key]: v })} />,
  };
  const fontSizeBounds = numberBounds(annotationSchema, "fontSize");

  const options: Record<AnnotationType, ReactNode> = {
    text: (
      <>
        <TextAreaField label={t("annotate.field.text")} value={style.text ?? ""} onChange={(text) => onChange({ text })} />
        <NumberField label={t("annotate.field.fontSize")} value={style.fontSize ?? 12} {...fontSizeBounds} fallback={12} onChange={(fontSize) => onChange({ fontSize })} />
        <ToggleField label={t("annotate.field.bold")} checked={style.bold ?? false} onChange={(bold) => onChange({ bold })} />
        <ToggleField label={t("annotate.field.italic")} checked={style.italic ?? false} onChange={(italic) => onChange({ italic })} />
      </>
    ),
    highlight: <Hint>{t("annotate.hint.highlight")}</Hint>,
    underline: <Hint>{t("annotate.hint.underline")}</Hint>,
    strikethrough: <Hint>{t("annotate.hint.strikethrough")}</Hint>,
    comment: (
      <>
        <TextField label={t("annotate.field.title")} value={style.title ?? ""} onChange={(title) => onChange({ title })} />
        <TextAreaField label={t("annotate.field.comment")} value={style.text ?? ""} onChange={(text) => onChange({ text })} />
      </>
    ),
    link: (
      <>
        <TextField label={t("annotate.field.url")} value={style.url ?? ""} placeholder={LINK_EXAMPLE} hint={t("annotate.field.urlHint")} onChange={(url) => onChange({ url })} />
        <ToggleField label={t("annotate.field.underline")} checked={style.underline ?? true} hint={t("annotate.field.underlineHint")} onChange={(underline) => onChange({ underline })} />
      </>
    ),
    shape: <SelectField label={t("annotate.field.shape")} value={style.shapeType ?? "rectangle"} choices={SHAPE_TYPES} describe={(shape) => t(`annotate.shapes.${shape}`)} onChange={(shapeType) => onChange({ shapeType })} />,
    draw: <Hint>{t("annotate.hint.draw")}</Hint>,
  };

  const noFill = style.fillColor === "transparent";
  const appearance: Record<AnnotationType, ReactNode> = {
    text: field.color(t("annotate.field.textColour")),
    highlight: (
      <>
        {field.color(t("annotate.field.highlightColour"))}
        {field.slider("opacity", t("annotate.field.opacity"), OPACITY_STEP)}
      </>
    ),
    underline: field.color(t("annotate.field.lineColour")),
    strikethrough: field.color(t("annotate.field.lineColour")),
    comment: field.color(t("annotate.field.noteColour")),
    link: field.color(t("annotate.field.underlineColour")),
    shape: (
      <>
        {field.color(t("annotate.field.strokeColour"), "strokeColor")}
        {style.shapeType === "line" || style.shapeType === "arrow" ? null : (
          <>
            <ToggleField label={t("annotate.field.noFill")} checked={noFill} onChange={(none) => onChange({ fillColor: none ? "transparent" : "#ffffff" })} />
            {!noFill && <ColorField label={t("annotate.field.fillColour")} value={style.fillColor ?? "#ffffff"} onChange={(fillColor) => onChange({ fillColor })} />}
          </>
        )}
        {field.slider("strokeWidth", t("annotate.field.strokeWidth"), STROKE_STEP)}
        {field.slider("opacity", t("annotate.field.opacity"), OPACITY_STEP)}
      </>
    ),
    draw: (
      <>
        {field.color(t("annotate.field.penColour"))}
        {field.slider("strokeWidth", t("annotate.field.penWidth"), STROKE_STEP)}
      </>
    ),
  };

  return (
    <SettingsTabs
      tabs={[
        { label: t("annotate.optionsTab"), content: options[type] },
        { label: t("tabs.appearance"), content: appearance[type] },
      ]}
    />
  );
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-300">{children}</p>;
}
