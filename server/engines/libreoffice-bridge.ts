/**
 * The Python program that drives a running LibreOffice over its UNO pipe (python3-uno), passed to python3 -c so
 * that nothing outside the compiled sources is needed at run time. One run converts one document:
 *   argv: pipe name, input path, output path, filter ("pdf" picks the PDF filter for the document's type),
 *   the filter's options as JSON, and document settings as JSON (such as {"EmbedFonts": true}).
 * Exit 3: the document could not be opened (damaged, password-protected, not an office file); 4: export failed.
 * Documents open hidden, read-only, with macros never executed and links never updated.
 */
export const BRIDGE_PY = String.raw`
import sys, time, json
import uno
from com.sun.star.beans import PropertyValue

def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p

pipe, source, target, filter_name, filter_data, doc_settings = sys.argv[1:7]
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
deadline = time.time() + 60
while True:
    try:
        ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        break
    except Exception:
        if time.time() > deadline:
            raise
        time.sleep(0.05)

desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
load = (
    prop("Hidden", True),
    prop("ReadOnly", True),
    # com.sun.star.document.UpdateDocMode.NO_UPDATE and MacroExecMode.NEVER_EXECUTE
    prop("UpdateDocMode", 0),
    prop("MacroExecutionMode", 0),
    prop("Silent", True),
)
try:
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(source), "_blank", 0, load)
except Exception as e:
    print("load failed: %s" % e, file=sys.stderr)
    sys.exit(3)
if doc is None:
    print("load failed: no document", file=sys.stderr)
    sys.exit(3)

try:
    # com.sun.star.document.LinkUpdateModes.NEVER: nothing the export does refreshes a link.
    try:
        doc.createInstance("com.sun.star.document.Settings").setPropertyValue("LinkUpdateMode", 0)
    except Exception:
        pass
    if doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
        kind, pdf_filter = "spreadsheet", "calc_pdf_Export"
    elif doc.supportsService("com.sun.star.presentation.PresentationDocument"):
        kind, pdf_filter = "presentation", "impress_pdf_Export"
    elif doc.supportsService("com.sun.star.drawing.DrawingDocument"):
        kind, pdf_filter = "drawing", "draw_pdf_Export"
    else:
        kind, pdf_filter = "text", "writer_pdf_Export"
    if filter_name == "pdf":
        filter_name = pdf_filter
    settings_values = json.loads(doc_settings)
    if settings_values:
        settings = doc.createInstance("com.sun.star.document.Settings")
        for k, v in settings_values.items():
            settings.setPropertyValue(k, v)
    data = tuple(prop(k, v) for k, v in json.loads(filter_data).items())
    store = (prop("FilterName", filter_name), prop("Overwrite", True))
    if data:
        store += (prop("FilterData", uno.Any("[]com.sun.star.beans.PropertyValue", data)),)
    try:
        uno.invoke(doc, "storeToURL", (uno.systemPathToFileUrl(target), store))
    except Exception as e:
        print("export failed: %s" % e, file=sys.stderr)
        sys.exit(4)
    print(json.dumps({"filter": filter_name, "kind": kind}))
finally:
    try:
        doc.close(True)
    except Exception:
        doc.dispose()
`;
