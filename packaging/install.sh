#!/bin/sh
# Installs hetscope for one user: the binary (cargo install), its desktop
# entry, icon, the MIME type of its session files, shell completions and
# manual page, under $HOME (XDG directories). Run from the repository:
#   sh packaging/install.sh            # build and install everything
#   HETSCOPE_BIN=path sh packaging/install.sh   # use a built binary
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin_dir=${HETSCOPE_BIN_DIR:-$HOME/.cargo/bin}

if [ -n "${HETSCOPE_BIN:-}" ]; then
    bin=$HETSCOPE_BIN
else
    cargo install --locked --path "$here/.."
    bin=$bin_dir/hetscope
fi
"$bin" --version >/dev/null

mkdir -p "$data/applications" "$data/mime/packages" \
    "$data/icons/hicolor/scalable/apps" \
    "$data/bash-completion/completions" \
    "$data/zsh/site-functions" \
    "$data/fish/vendor_completions.d" \
    "$data/man/man1"
cp "$here/hetscope.desktop" "$data/applications/hetscope.desktop"
cp "$here/hetscope-session.xml" "$data/mime/packages/hetscope-session.xml"
cp "$here/hetscope.svg" "$data/icons/hicolor/scalable/apps/hetscope.svg"
for size in 16 32 48 64 128 256; do
    dir="$data/icons/hicolor/${size}x${size}/apps"
    mkdir -p "$dir"
    cp "$here/icons/hetscope-$size.png" "$dir/hetscope.png"
done
"$bin" completions bash >"$data/bash-completion/completions/hetscope"
"$bin" completions zsh >"$data/zsh/site-functions/_hetscope"
"$bin" completions fish >"$data/fish/vendor_completions.d/hetscope.fish"
"$bin" man --out-dir "$data/man/man1"

# Refresh the desktop's caches where the tools exist.
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "installed hetscope under $data"
