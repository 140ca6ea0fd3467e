#!/usr/bin/env bash
# Idempotent set-up behind `npm start` and `npm test`: the Debian packages the engines need, the npm
# dependencies, and the build. Each step is skipped when its result is already in place.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-start}"

# Debian package -> a file it installs, to tell whether it is present without asking dpkg.
declare -A PROVIDES=(
  [qpdf]=/usr/bin/qpdf
  [ghostscript]=/usr/bin/gs
  [poppler-utils]=/usr/bin/pdftotext
  [fonts-dejavu-core]=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
  [libreoffice-writer-nogui]=/usr/lib/libreoffice/program/libswlo.so
  [libreoffice-calc-nogui]=/usr/lib/libreoffice/program/libsclo.so
  [libreoffice-impress-nogui]=/usr/lib/libreoffice/program/libsdlo.so
  [python3-uno]=/usr/lib/python3/dist-packages/uno.py
  [fonts-liberation2]=/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf
  # fc-list: which fonts LibreOffice could embed into a rebuilt document.
  [fontconfig]=/usr/bin/fc-list
  # fontTools' subsetter: the fonts embedded into a rebuilt Word document are cut down to its characters.
  [python3-fonttools]=/usr/lib/python3/dist-packages/fontTools/subset/__init__.py
  [epubcheck]=/usr/share/java/epubcheck.jar
  # djpeg: compress decodes scanned pages' JPEGs at a fraction of their size (server/engines/djpeg.ts).
  [libjpeg-turbo-progs]=/usr/bin/djpeg
  # The engine sandbox (server/engines/sandbox.ts); prlimit comes with util-linux.
  [bubblewrap]=/usr/bin/bwrap
  # OCR: OCRmyPDF, Tesseract and unpaper (enhanceDocument); the language packs are added below.
  [ocrmypdf]=/usr/bin/ocrmypdf
  [tesseract-ocr]=/usr/bin/tesseract
  [unpaper]=/usr/bin/unpaper
  # Jobs over Redis (REDIS_URL): the scale-out tests start their own redis-server.
  [redis-server]=/usr/bin/redis-server
)
packages=(qpdf ghostscript poppler-utils fonts-dejavu-core libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui python3-uno fonts-liberation2 fontconfig python3-fonttools epubcheck libjpeg-turbo-progs bubblewrap)
packages+=(ocrmypdf tesseract-ocr unpaper)

# OCR languages: OCR_LANGUAGES=all (the default: every language catalog/ocr-languages.ts lists, about 320 MB),
# primary (the 13 of the screen's main dropdown) or a list of Tesseract codes ("eng deu chi_sim" or "eng,deu").
# English and osd (script detection, for the "auto" language) are always installed. Each code's Debian package is
# tesseract-ocr-<code> with "_" written as "-".
tessdata=/usr/share/tesseract-ocr/5/tessdata
catalog_codes() { grep -o 'code: "[a-z_]*"' catalog/ocr-languages.ts | cut -d'"' -f2; }
primary_codes() { sed -n '/PRIMARY_OCR_LANGUAGE_CODES = \[/,/\]/p' catalog/ocr-languages.ts | grep -o '"[a-z_]*"' | tr -d '"'; }
case "${OCR_LANGUAGES:-all}" in
  all) ocr_codes=$(catalog_codes) ;;
  primary) ocr_codes=$(primary_codes) ;;
  *) ocr_codes=$(echo "$OCR_LANGUAGES" | tr ',' ' ') ;;
esac
for code in eng osd $ocr_codes; do
  if ! [[ "$code" =~ ^[a-z]{3}(_[a-z]+)?$ ]]; then
    echo "setup: OCR_LANGUAGES: \"$code\" is not a Tesseract language code such as eng or chi_sim" >&2
    exit 1
  fi
  pkg="tesseract-ocr-${code//_/-}"
  if [ -z "${PROVIDES[$pkg]:-}" ]; then
    PROVIDES[$pkg]="$tessdata/$code.traineddata"
    packages+=("$pkg")
  fi
done
packages+=(redis-server)
# HTML to PDF prints with Debian's chromium, which the browser tests and the web benchmark drive too; nothing
# downloads a browser.
PROVIDES[chromium]=/usr/lib/chromium/chromium
packages+=(chromium)
if [ "$mode" = test ] || [ "$mode" = bench ]; then
  # JPEG 2000 files for the compression tests and benchmark (opj_compress), and fonts for the OCR scripts the
  # tests render (Thai, Devanagari, Chinese; DejaVu covers Hebrew, Greek, Cyrillic and Vietnamese).
  PROVIDES[libopenjp2-tools]=/usr/bin/opj_compress
  PROVIDES[fonts-tlwg-garuda-ttf]=/usr/share/fonts/truetype/tlwg/Garuda.ttf
  PROVIDES[fonts-lohit-deva]=/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf
  PROVIDES[fonts-wqy-microhei]=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
  # A plain RTF reader, apart from LibreOffice, for the rebuilt RTF documents.
  PROVIDES[unrtf]=/usr/bin/unrtf
  packages+=(libopenjp2-tools fonts-tlwg-garuda-ttf fonts-lohit-deva fonts-wqy-microhei unrtf)
fi

missing=()
for pkg in "${packages[@]}"; do
  [ -e "${PROVIDES[$pkg]}" ] || missing+=("$pkg")
done
if ((${#missing[@]} > 0)); then
  if [ "$(id -u)" -ne 0 ]; then
    echo "These Debian packages are missing: ${missing[*]}" >&2
    echo "Install them as root, then run this again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  echo "setup: installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm dependencies, reinstalled only when the lock file changed since the last install.
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/.setup-lock-hash ] || [ "$(cat node_modules/.setup-lock-hash)" != "$lock_hash" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > node_modules/.setup-lock-hash
fi

# The build is incremental: a no-op when nothing changed.
npm run --silent build
echo "setup ($mode): ready"
