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
  [epubcheck]=/usr/share/java/epubcheck.jar
  # OCR: OCRmyPDF, Tesseract, unpaper (enhanceDocument) and the primary dropdown's 13 languages.
  [ocrmypdf]=/usr/bin/ocrmypdf
  [tesseract-ocr]=/usr/bin/tesseract
  [unpaper]=/usr/bin/unpaper
  [tesseract-ocr-eng]=/usr/share/tesseract-ocr/5/tessdata/eng.traineddata
  [tesseract-ocr-spa]=/usr/share/tesseract-ocr/5/tessdata/spa.traineddata
  [tesseract-ocr-fra]=/usr/share/tesseract-ocr/5/tessdata/fra.traineddata
  [tesseract-ocr-deu]=/usr/share/tesseract-ocr/5/tessdata/deu.traineddata
  [tesseract-ocr-ita]=/usr/share/tesseract-ocr/5/tessdata/ita.traineddata
  [tesseract-ocr-por]=/usr/share/tesseract-ocr/5/tessdata/por.traineddata
  [tesseract-ocr-rus]=/usr/share/tesseract-ocr/5/tessdata/rus.traineddata
  [tesseract-ocr-chi-sim]=/usr/share/tesseract-ocr/5/tessdata/chi_sim.traineddata
  [tesseract-ocr-chi-tra]=/usr/share/tesseract-ocr/5/tessdata/chi_tra.traineddata
  [tesseract-ocr-jpn]=/usr/share/tesseract-ocr/5/tessdata/jpn.traineddata
  [tesseract-ocr-kor]=/usr/share/tesseract-ocr/5/tessdata/kor.traineddata
  [tesseract-ocr-ara]=/usr/share/tesseract-ocr/5/tessdata/ara.traineddata
  [tesseract-ocr-hin]=/usr/share/tesseract-ocr/5/tessdata/hin.traineddata
  # Jobs over Redis (REDIS_URL): the scale-out tests start their own redis-server.
  [redis-server]=/usr/bin/redis-server
)
packages=(qpdf ghostscript poppler-utils fonts-dejavu-core libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui python3-uno fonts-liberation2 fontconfig epubcheck)
packages+=(ocrmypdf tesseract-ocr unpaper tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-fra tesseract-ocr-deu tesseract-ocr-ita tesseract-ocr-por tesseract-ocr-rus tesseract-ocr-chi-sim tesseract-ocr-chi-tra tesseract-ocr-jpn tesseract-ocr-kor tesseract-ocr-ara tesseract-ocr-hin)
packages+=(redis-server)
# The browser tests and the web benchmark drive Debian's chromium; nothing downloads a browser.
if [ "$mode" = test ] || [ "$mode" = bench ]; then
  PROVIDES[chromium]=/usr/bin/chromium
  packages+=(chromium)
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
