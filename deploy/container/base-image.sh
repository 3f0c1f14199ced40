#!/bin/sh
# The container image's base: Debian bookworm's essential set plus the packages listed in
# base.packages, made with mmdebstrap from Debian's archive (or DEBIAN_MIRROR) and imported into
# podman's storage as localhost/patrol-console-base:bookworm-<key>, where <key> is the sha256 of
# base.packages and this script. Nothing is rebuilt while that image (or its root file system tar,
# kept in the cache folder) exists; BASE_REFRESH=1 rebuilds it to take Debian's latest updates.
# Prints the image's name as the last line of its output; everything else goes to stderr.
set -eu

here=$(cd "$(dirname "$0")" && pwd -P)
suite=bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

key=$(cat "$here/base.packages" "$here/base-image.sh" | sha256sum | cut -c1-12)
image=localhost/patrol-console-base:$suite-$key
cache=${PATROL_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/patrol-console}/container-base
rootfs=$cache/$suite-$key.tar

if [ "${BASE_REFRESH:-0}" != 1 ] && podman image exists "$image"; then
  echo "base image $image is cached" >&2
  echo "$image"
  exit 0
fi

packages=$(grep -v '^[[:space:]]*#' "$here/base.packages" | tr -s ' \n' ',' | sed 's/^,//; s/,$//')

if [ "${BASE_REFRESH:-0}" = 1 ] || [ ! -f "$rootfs" ]; then
  mkdir -p "$cache"
  started=$(date +%s)
  echo "building the base image's root file system with mmdebstrap ($suite: $packages)" >&2
  # essential: only the packages Debian marks Essential (no apt, no init); merged /usr without
  # the usrmerge package (which would pull in perl); no documentation, manuals or translations
  # (each package's copyright file is kept). The system's own PATH: mmdebstrap's helpers
  # (mmtarfilter) are Debian's python3 scripts, not for a python3 a user put first on the PATH.
  PATH=/usr/sbin:/usr/bin:/sbin:/bin mmdebstrap --variant=essential --format=tar \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --include="$packages" \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/lintian/*' \
    --customize-hook='rm -f "$1"/var/log/*.log "$1"/var/cache/debconf/*-old "$1"/var/lib/dpkg/*-old' \
    "$suite" "$rootfs.partial" \
    "deb $mirror $suite main" "deb $mirror $suite-updates main" "deb $security $suite-security main" >&2
  mv "$rootfs.partial" "$rootfs"
  echo "root file system made in $(($(date +%s) - started)) s: $rootfs" >&2
fi

podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "LABEL org.opencontainers.image.title=patrol-console-base" \
  --change "LABEL org.opencontainers.image.base.name=debian:$suite" \
  --message "Debian $suite (essential) with $packages" \
  "$rootfs" "$image" >&2
echo "base image $image imported" >&2
echo "$image"
