#!/usr/bin/env bash
# Every rule the code cites must be explained inside this repository.
#
#   scripts/check-doc-ids.sh [--strict] [PATH…]      (default PATH: Sources Tests Fuzz scripts Package.swift)
#
# Over the given files it checks that
#   1. every rule ID (`P3`, and letter-dash-two-digits: `I-07`, `F-12`, `T-15`, …) is defined in
#      docs/*.md, written as **ID** or as the first cell of a table row;
#   2. every section number cited after a document name (docs/formats.md §1.7) exists in that
#      document as §1.7, and every bare §n (a second section of the same document) in some
#      docs/ page;
#   3. every section title quoted after a document name (docs/statistics.md "Records") occurs in
#      that document (case-insensitively);
#   4. every cited document exists: docs/*.md, ARCHITECTURE.md, README.md, or one of the
#      design documents the code used to cite from outside the repository (RELIABILITY.md,
#      FORMATS.md, STATS.md, PRODUCT.md, SEEDS.md, STYLE.md), which map to their docs/ page.
#      --strict refuses those old names, for after the last comments are rewritten.
# It prints each problem as `file:line: message` and exits 1 when there is any.
set -uo pipefail
cd "$(dirname "$0")/.."

strict=0
if [ "${1:-}" = "--strict" ]; then
    strict=1
    shift
fi
if [ $# -gt 0 ]; then
    paths=("$@")
else
    paths=(Sources Tests Fuzz scripts Package.swift)
fi
self="scripts/check-doc-ids.sh"
docs=(docs/*.md)
problems=()

# Matches as `file:line:text`, in every given file but this script.
matches() {
    grep -rnoE --exclude="$(basename "$self")" --exclude-dir=.build -- "$1" "${paths[@]}" 2>/dev/null
}

# The repository file a cited document name stands for; empty for an unknown name.
doc_file() {
    case "$1" in
        docs/*.md | ARCHITECTURE.md | README.md) [ -f "$1" ] && echo "$1" ;;
        RELIABILITY | RELIABILITY.md) echo docs/reliability.md ;;
        FORMATS | FORMATS.md | SEEDS | SEEDS.md) echo docs/formats.md ;;
        STATS | STATS.md) echo docs/statistics.md ;;
        PRODUCT | PRODUCT.md) echo docs/product.md ;;
        STYLE | STYLE.md) echo ARCHITECTURE.md ;;
    esac
}

# The ARCHITECTURE.md section that took over a section of the old STYLE.md.
style_section() {
    case "$1" in
        3) echo "WktMarkdown" ;;
        4) echo "Rendering a page" ;;
    esac
}

# Whether `file` holds the section mark §n (not merely a longer §n.m).
has_section() {
    local number=${2//./\\.}
    grep -qE "§${number}([^0-9.]|\.([^0-9]|$)|$)" "$1"
}

old_name='^(RELIABILITY|FORMATS|STATS|PRODUCT|SEEDS|STYLE)(\.md)?$'

# 1. Rule IDs (each checked once, reported at its first citation).
while IFS= read -r hit; do
    id=${hit##*:}
    if ! grep -qE "(\*\*${id}\b|^\| *${id} *\|)" "${docs[@]}"; then
        problems+=("${hit%:*}: rule $id is cited but not defined in docs/ (as **$id** or a table row)")
    fi
done < <(matches '\b([A-Z]-[0-9]{2}|P[0-9]+)\b' | sort -t: -k3,3 -u)

# 2 and 3. Sections and titles cited after a document name.
doc_token='(docs/[a-z-]+\.md|ARCHITECTURE\.md|README\.md|RELIABILITY|FORMATS|STATS|PRODUCT|SEEDS|STYLE)(\.md)?'
while IFS= read -r hit; do
    where=${hit%%:*}:$(cut -d: -f2 <<<"$hit")
    text=${hit#*:*:}
    name=$(grep -oE "^$doc_token" <<<"$text")
    file=$(doc_file "$name")
    [ -z "$file" ] && continue  # reported by check 4
    if [[ $text =~ §\ ?([0-9]+(\.[0-9]+)*) ]]; then
        section=${BASH_REMATCH[1]}
        if [[ $name =~ ^STYLE ]]; then
            title=$(style_section "$section")
            if [ -z "$title" ] || ! grep -qiF -- "$title" "$file"; then
                problems+=("$where: $name §$section has no counterpart in ARCHITECTURE.md")
            fi
        elif ! has_section "$file" "$section"; then
            problems+=("$where: $name §$section: $file has no section §$section")
        fi
    elif [[ $text =~ \"([^\"]+)\" ]]; then
        title=${BASH_REMATCH[1]}
        grep -qiF -- "$title" "$file" || problems+=("$where: $name \"$title\": not found in $file")
    fi
done < <(matches "$doc_token[,:]? *(§ ?[0-9]+(\.[0-9]+)*|\"[^\"]+\")")

# 2. Bare section numbers (after a comma, or in a file that cited the document before).
while IFS= read -r hit; do
    where=${hit%%:*}:$(cut -d: -f2 <<<"$hit")
    text=${hit#*:*:}
    prefix=${text%%§*}
    prefix=${prefix%%[,: ]*}
    # A section of another document (`docs/formats.md §4`, `RFC 1951 §3.1.1`) is not bare.
    [ -n "$prefix" ] && continue
    [[ $text =~ §\ ?([0-9]+(\.[0-9]+)*) ]] || continue
    section=${BASH_REMATCH[1]}
    found=0
    for doc in "${docs[@]}"; do has_section "$doc" "$section" && found=1 && break; done
    [ $found = 1 ] || problems+=("$where: §$section is cited but no docs/ page has that section")
done < <(matches '[A-Za-z0-9/._-]*[,:]? ?§ ?[0-9]+(\.[0-9]+)*')

# 4. Cited documents.
while IFS= read -r hit; do
    where=${hit%%:*}:$(cut -d: -f2 <<<"$hit")
    name=${hit#*:*:}
    if [[ $name =~ $old_name ]]; then
        [ $strict = 1 ] && problems+=("$where: $name is outside the repository; cite $(doc_file "$name") instead")
        continue
    fi
    [ -n "$(doc_file "$name")" ] || [ -f "$name" ] ||
        problems+=("$where: $name is cited but is not in the repository")
done < <(matches '(docs/[A-Za-z-]+\.md|\b[A-Z][A-Z-]+\.md|\bRELIABILITY\b)')
if [ $strict = 1 ]; then
    while IFS= read -r hit; do
        problems+=("${hit%:*}: ../shared/spec/ is outside the repository; cite docs/ instead")
    done < <(matches 'shared/spec/')
fi

if [ ${#problems[@]} -gt 0 ]; then
    printf '%s\n' "${problems[@]}" | sort -u
    echo "check-doc-ids: ${#problems[@]} citation(s) without an explanation in docs/ (see docs/reliability.md and friends)" >&2
    exit 1
fi
echo "check-doc-ids: every cited rule, section and document is in the repository"
