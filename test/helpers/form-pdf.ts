import { PDFDocument, PDFName, PDFString, StandardFonts, degrees, rgb } from "@cantoo/pdf-lib";

/**
 * A one-page PDF with a filled text field, a ticked check box, a red square annotation (with its own appearance
 * stream) and a link: what Flatten PDF and Sanitize PDF work on.
 */
export async function makeFormPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Body text", { x: 20, y: 260, size: 18, font, color: rgb(0, 0, 0) });
  const form = doc.getForm();
  const name = form.createTextField("name");
  name.setText("Filled value");
  name.addToPage(page, { x: 20, y: 150, width: 200, height: 30 });
  const ok = form.createCheckBox("ok");
  ok.addToPage(page, { x: 20, y: 100, width: 20, height: 20 });
  ok.check();
  const appearance = doc.context.register(
    doc.context.stream("1 0 0 RG 4 w 2 2 96 56 re S", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 100, 60] }),
  );
  const square = doc.context.register(
    doc.context.obj({ Type: "Annot", Subtype: "Square", Rect: [180, 20, 280, 80], C: [1, 0, 0], AP: { N: appearance } }),
  );
  const link = doc.context.register(
    doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [20, 250, 120, 280],
      Border: [0, 0, 0],
      A: { S: "URI", URI: PDFString.of("https://example.invalid/") },
    }),
  );
  const annots = page.node.Annots();
  annots?.push(square);
  annots?.push(link);
  if (!annots) page.node.set(PDFName.of("Annots"), doc.context.obj([square, link]));
  return doc.save();
}

/** What fillLibreOfficeForm enters into test/corpus/libreoffice-form.pdf, beside the "Alice" and "Bob" it holds. */
export const FORM_ENTRIES = { lastName: "Liddell", birthday: "4 May 1852", nationality: "German", radioChosen: "Female", ticked: "Agree to privacy policy", unticked: "Other" };

/**
 * LibreOffice's sample form filled in by pdf-lib (which draws each field's appearance anew, so that pdftotext reads
 * the entries): two more text fields, a choice, the first radio button and one of the two check boxes. With
 * `rotate`, the page is shown turned by that many degrees clockwise.
 */
export async function fillLibreOfficeForm(data: Uint8Array, rotate = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.load(data);
  doc.getPage(0).setRotation(degrees(rotate));
  const form = doc.getForm();
  form.getTextField("Last Name").setText(FORM_ENTRIES.lastName);
  form.getTextField("Birthday").setText(FORM_ENTRIES.birthday);
  form.getDropdown("Nationality").select(FORM_ENTRIES.nationality);
  const radio = form.getRadioGroup("female");
  radio.select(radio.getOptions()[0]!);
  form.getCheckBox("gdpr").check();
  return doc.save();
}
