#!/bin/sh
# The Patrol console's launcher (bin/patrol of the release): runs the Node binary shipped in the
# release on the server's command line, so the host needs no Node of its own.
#   patrol [serve] | migrate | migration-status | check-config | backup <file> |
#   restore <file> [--force] | version
# Settings come from the environment and from the file named by PATROL_CONFIG.
set -eu

# This script's own path, through any symlinks (/usr/local/bin/patrol -> /opt/patrol/bin/patrol).
self=$0
while [ -L "$self" ]; do
  target=$(readlink "$self")
  case $target in
    /*) self=$target ;;
    *) case $self in */*) self=${self%/*}/$target ;; *) self=$target ;; esac ;;
  esac
done
case $self in
  */*) bin=${self%/*} ;;
  *) bin=. ;;
esac
root=$(cd "$bin/.." && pwd -P)

# The built console of this release, unless the site serves another one.
WEB_DIST=${WEB_DIST:-$root/web}
export WEB_DIST

exec "$root/node/bin/node" "$root/server/dist/cli.js" "$@"
