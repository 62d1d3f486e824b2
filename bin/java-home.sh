# Sourced by ./mvnw and ./periscope: makes JAVA_HOME point at a JDK 21 or newer.
# Periscope compiles for Java 21. Our machines default to JDK 17 and carry a newer JDK under /usr/lib/jvm,
# so when JAVA_HOME (or the java on PATH) is older than 21 we look for a newer one instead of failing.

periscope_java_major() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

periscope_pick_java_home() {
  # mvnw runs with `set -f`; the search below needs globbing.
  case $- in *f*) set +f; restore_noglob=1 ;; *) restore_noglob=0 ;; esac
  candidates=""
  [ -n "${JAVA_HOME-}" ] && candidates="$JAVA_HOME"
  if command -v java >/dev/null 2>&1; then
    java_on_path=$(readlink -f "$(command -v java)" 2>/dev/null || true)
    [ -n "$java_on_path" ] && candidates="$candidates ${java_on_path%/bin/java}"
  fi
  for dir in /usr/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/*; do
    [ -x "$dir/bin/java" ] && candidates="$candidates $dir"
  done
  best="" best_major=0
  for dir in $candidates; do
    [ -x "$dir/bin/java" ] || continue
    major=$(periscope_java_major "$dir")
    [ -n "$major" ] || continue
    # Prefer the given JAVA_HOME when it is new enough; otherwise take the newest found.
    if [ "$dir" = "${JAVA_HOME-}" ] && [ "$major" -ge 21 ]; then best="$dir"; break; fi
    if [ "$major" -gt "$best_major" ]; then best="$dir" best_major=$major; fi
  done
  if [ -z "$best" ] || [ "$(periscope_java_major "$best")" -lt 21 ]; then
    echo "periscope: no JDK 21 or newer found (set JAVA_HOME to one)" >&2
    exit 1
  fi
  JAVA_HOME="$best"
  export JAVA_HOME
  [ "$restore_noglob" = 1 ] && set -f
  return 0
}

periscope_pick_java_home
