#!/bin/sh
# Starts one Membolt app from the built repository tree: `node apps/$APP/dist/main.js`.
# One image serves every app; APP (baked in by `--build-arg APP=...`, overridable at run time) picks it.
set -eu

root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)

available() {
  names=''
  for main in "$root"/apps/*/dist/main.js; do
    [ -f "$main" ] || continue
    name=${main%/dist/main.js}
    names="$names ${name##*/}"
  done
  echo "${names# }"
}

fail() {
  code=$1
  shift
  echo "membolt entrypoint: $*" >&2
  echo "membolt entrypoint: available apps: $(available)" >&2
  exit "$code"
}

app=${APP:-}
[ -n "$app" ] || fail 64 'APP is not set; set it to the app to run (e.g. APP=gateway).'
case $app in
  *[!a-z0-9-]*) fail 64 "APP must be an app directory name (lowercase letters, digits, '-'), got '$app'." ;;
esac

main="$root/apps/$app/dist/main.js"
[ -f "$main" ] || fail 66 "no compiled entry point for APP=$app: $main does not exist."

cd "$root"
exec node "$main" "$@"
