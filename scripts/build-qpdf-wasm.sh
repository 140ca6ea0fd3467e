#!/usr/bin/env bash
# Builds qpdf to WebAssembly with WebAssembly exceptions: qpdf.js (an ES module factory for browsers and workers;
# under Node.js the caller hands it the compiled WebAssembly with instantiateWasm) and qpdf.wasm, with the licences
# of qpdf, zlib and libjpeg-turbo, into vendor/qpdf-wasm (or the folder given). The app does not use it yet (it
# runs the npm package @neslinesli93/qpdf-wasm; see the README, "Tools on the device"); no build step runs it.
#
# qpdf 12.2.0 (Debian trixie's, with Debian's patches, of which it has none), zlib and libjpeg-turbo (bookworm's),
# from Debian's archive, checked against the sha256 sums of Debian's source packages. qpdf 12 rather than the
# server's 11.3: built the same way, 11.3 was no faster than the npm build. Built with WebAssembly
# exceptions (-fwasm-exceptions): qpdf throws C++ exceptions on ordinary paths, and Emscripten's JavaScript
# exceptions would send every call that may throw through JavaScript. qpdf's native crypto provider only.
#
# Usage: bash scripts/build-qpdf-wasm.sh [out-dir [work-dir]]   (as root, or with the emscripten package installed)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(mkdir -p "${1:-$ROOT/vendor/qpdf-wasm}" && cd "${1:-$ROOT/vendor/qpdf-wasm}" && pwd)"
WORK="${2:-$(mktemp -d /tmp/qpdf-wasm-build.XXXXXX)}"
mkdir -p "$WORK"
cd "$WORK"

if ! command -v emcc >/dev/null; then
  apt-get install -y emscripten cmake make
fi
# Debian's emcc runs its JavaScript optimizer with the node on PATH, which may not look in Debian's own modules.
export NODE_PATH=/usr/share/nodejs
emcc --version | head -1

POOL=http://deb.debian.org/debian/pool/main
fetch() { # path sha256
  local file="${1##*/}"
  [ -f "$file" ] || curl -sSfO "$POOL/$1"
  echo "$2  $file" | sha256sum -c --quiet -
}
fetch q/qpdf/qpdf_12.2.0.orig.tar.gz b3d1575b2218badc3549d6977524bb0f8c468c6528eebc8967bbe3078cf2cace
fetch q/qpdf/qpdf_12.2.0-1.debian.tar.xz f67ac313cd8962777d27745147f3cc062ca299f1346c4bb6bab1959c98e99526
fetch z/zlib/zlib_1.2.13.dfsg.orig.tar.bz2 71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1
fetch libj/libjpeg-turbo/libjpeg-turbo_2.1.5.orig.tar.gz 254f3642b04e309fee775123133c6464181addc150499561020312ec61c1bf7c

rm -rf src prefix build && mkdir -p src prefix/lib prefix/include build
tar -xzf qpdf_12.2.0.orig.tar.gz -C src
tar -xJf qpdf_12.2.0-1.debian.tar.xz -C src
tar -xjf zlib_1.2.13.dfsg.orig.tar.bz2 -C src
tar -xzf libjpeg-turbo_2.1.5.orig.tar.gz -C src
(
  cd src/qpdf-12.2.0
  # Debian's patches, if any.
  while read -r patch options; do
    if [ -n "$patch" ]; then patch -s ${options:--p1} < "../debian/patches/$patch"; fi
  done < ../debian/patches/series
  # libjpeg reports errors by longjmp, which cannot share a function with WebAssembly exceptions: thrown instead.
  patch -s -p1 < "$ROOT/scripts/qpdf-wasm/pl-dct-wasm-exceptions.patch"
)

PREFIX="$WORK/prefix"
FLAGS="-O3 -DNDEBUG -fwasm-exceptions -sSUPPORT_LONGJMP=0"

(
  cd src/zlib-1.2.13.dfsg
  CFLAGS="$FLAGS" emconfigure ./configure --static --prefix="$PREFIX"
  emmake make -j"$(nproc)" libz.a
  emmake make install
)

# SIMD is x86 or Arm assembly; check_type_size cannot run its probe under Emscripten, so size_t's size is given.
emcmake cmake -S src/libjpeg-turbo-2.1.5 -B build/jpeg -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="$FLAGS" \
  -DWITH_SIMD=0 -DENABLE_SHARED=0 -DENABLE_STATIC=1 -DWITH_TURBOJPEG=0 -DSIZE_T=4 -DHAVE_SIZE_T=TRUE
emmake make -C build/jpeg -j"$(nproc)" jpeg-static
cp build/jpeg/libjpeg.a "$PREFIX/lib/"
cp src/libjpeg-turbo-2.1.5/{jpeglib.h,jmorecfg.h,jerror.h} build/jpeg/jconfig.h "$PREFIX/include/"

LINK=(
  -O3 -fwasm-exceptions -sSUPPORT_LONGJMP=0
  # A factory per instance, an ES module, for the browser's worker (the tests hand it the compiled WebAssembly).
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createQpdf -sENVIRONMENT=web,worker
  # main() runs only when called, as often as the caller wants, on files it puts in the memory file system.
  -sINVOKE_RUN=0 -sEXIT_RUNTIME=0 -sEXPORTED_RUNTIME_METHODS=callMain,FS -sFORCE_FILESYSTEM=1
  -sALLOW_MEMORY_GROWTH=1
)
PKG_CONFIG_LIBDIR="$PREFIX/lib/pkgconfig" emcmake cmake -S src/qpdf-12.2.0 -B build/qpdf -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="$FLAGS" -DCMAKE_C_FLAGS_RELEASE="$FLAGS" -DCMAKE_EXE_LINKER_FLAGS="${LINK[*]}" \
  -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON -DBUILD_DOC=OFF -DINSTALL_EXAMPLES=OFF \
  -DUSE_IMPLICIT_CRYPTO=OFF -DREQUIRE_CRYPTO_NATIVE=ON \
  -DLIBJPEG_H_PATH="$PREFIX/include" -DLIBJPEG_LIB_PATH="$PREFIX/lib/libjpeg.a"
emmake make -C build/qpdf -j"$(nproc)" qpdf

cp build/qpdf/qpdf/qpdf.js build/qpdf/qpdf/qpdf.wasm "$OUT/"
cp src/qpdf-12.2.0/LICENSE.txt "$OUT/LICENSE-qpdf.txt"
cp src/qpdf-12.2.0/NOTICE.md "$OUT/NOTICE-qpdf.md"
cp src/zlib-1.2.13.dfsg/LICENSE "$OUT/LICENSE-zlib.txt"
cp src/libjpeg-turbo-2.1.5/LICENSE.md "$OUT/LICENSE-libjpeg-turbo.md"
# The IJG licence, which LICENSE.md refers to.
cp src/libjpeg-turbo-2.1.5/README.ijg "$OUT/README-libjpeg-turbo-ijg.txt"
sha256sum "$OUT/qpdf.js" "$OUT/qpdf.wasm"
