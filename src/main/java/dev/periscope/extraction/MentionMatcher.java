package dev.periscope.extraction;

import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Finds which actors an answer mentions, in one pass over the text for all names of all actors.
 *
 * <p>Compile once per set of actors ({@link #compile}); the result is immutable, thread-safe and reusable for any
 * number of answers ({@link #match}).
 *
 * <h2>Matching rules</h2>
 * <ul>
 *   <li><b>Folding.</b> Text and names are compared after folding: case-insensitive (simple Unicode case folding,
 *   so "É" = "é", "ı"/"İ" = "i"; "ß" stays "ß" and does not match "ss"); accents removed (canonical
 *   decomposition, combining marks dropped, so "Cafe Muller" = "Café Müller"); typographic quotes (’ ‘ ‛ ‚ ´ ` ′)
 *   become {@code '}, double quotes (” “ „ ‟ ″) become {@code "}; dashes (‐ ‑ ‒ – — ― − and their small/fullwidth
 *   forms) become {@code -}; every run of white space (including no-break, narrow, ideographic and zero-width
 *   spaces, tabs and line breaks) becomes one space; invisible format characters (soft hyphen, zero-width
 *   joiners, BOM, bidi marks) are dropped; fullwidth ASCII forms (ＡＢＣ１２３) and Latin ligatures (ﬁ) become
 *   plain ASCII letters. Names are trimmed; names that fold to nothing are ignored.</li>
 *   <li><b>Word boundaries.</b> Where a name begins (ends) with a letter or digit, the character before (after)
 *   the occurrence must not be a letter or digit: "Apple" never matches in "Pineapple", "Acme" not in "Acmeology"
 *   or "NewAcme", but "Acme's", "ACME,", "**Acme**", "(Acme)", "Acme-powered", "#Acme", "@Acme" all count. An edge
 *   of a name that is itself not a letter or digit ("C++", ".NET") needs no boundary there, like a regex
 *   {@code \b}: ".NET" matches in "ASP.NET". Letters of scripts written without spaces between words (Han,
 *   Hiragana, Katakana, Hangul, Thai, Lao, Khmer, Myanmar, Yi) never join a word, so "Acmeは" and "Acme社" mention
 *   Acme and names in those scripts match anywhere.</li>
 *   <li><b>Overlaps.</b> When accepted occurrences overlap, the longest wins; on equal length the one starting
 *   first; a folded name listed by several actors belongs to the first of them in the list (and appears once per
 *   actor: spellings that fold alike keep the first).</li>
 *   <li><b>URLs are not mentions.</b> Occurrences overlapping any of these are ignored: a URL with a scheme
 *   ({@code https://…}, any {@code scheme://}) or starting with {@code www.}, up to the next white space,
 *   unbalanced closing bracket/paren, angle bracket, quote, {@code |} or character of an unspaced script (so
 *   "https://acme.com/をご覧ください" ends before "を"), trailing punctuation trimmed; the target
 *   of a markdown link {@code [text](target)} (the visible text counts); an e-mail address; a bare domain, i.e. a
 *   word immediately followed by {@code .} and 2–24 ASCII letters and a boundary ({@code acme.com},
 *   {@code docs.acme.co.uk}, {@code acme.io/pricing}, with any port and path). Inside a bare domain only names
 *   that are domain-like themselves (contain a {@code .} followed by a letter, e.g. "acme.com", "monday.com",
 *   ".NET", "Node.js") count. "Acme." at the end of a sentence is a mention (the dot is followed by a space or
 *   the end of the text).</li>
 * </ul>
 *
 * <h2>Result</h2>
 * One {@link MentionMatch} per mentioned actor, ordered by the actor's first occurrence (position 1 = first);
 * {@code keywords} are the matching names (trimmed, spelled as in {@link Actor#matchingNames()}) that matched, in
 * order of first appearance; {@code occurrences} are the spans of the original text, in order, covering the
 * original spelling (including combining marks that followed the last letter).
 *
 * <h2>Cost</h2>
 * The names are compiled into one Aho-Corasick automaton over compressed character classes (a DFA table), so the
 * work per answer is one folding pass, one automaton pass and one URL pass, independent of the number of names.
 */
public final class MentionMatcher {

    private static final MentionMatcher EMPTY = new MentionMatcher(List.of(), new char[0], 1, new int[] {0},
            new int[] {-1}, new int[] {-1}, new int[] {-1}, new int[0], new int[0], new String[0], new boolean[0],
            new boolean[0], new boolean[0]);

    private final List<Actor> actors;
    /** Character class of each UTF-16 unit of folded text; 0 = occurs in no name. */
    private final char[] classOf;
    /** Number of columns of {@link #delta} (classes including 0). */
    private final int width;
    /** DFA transitions: {@code delta[state * width + class]}. */
    private final int[] delta;
    /** First state on the suffix chain of each state (itself included) that ends a pattern, or -1. */
    private final int[] firstOut;
    /** Next state with an output strictly further down the suffix chain, or -1. */
    private final int[] nextOut;
    /** Pattern ending at a state ({@code patternAt[state]}) is only read for states reached via firstOut/nextOut. */
    private final int[] patternAt;

    // Per pattern (distinct folded name):
    private final int[] patternLength;
    private final int[] patternActor;
    private final String[] patternKeyword;
    private final boolean[] checkStart;
    private final boolean[] checkEnd;
    private final boolean[] domainLike;

    private MentionMatcher(List<Actor> actors, char[] classOf, int width, int[] delta, int[] firstOut,
            int[] nextOut, int[] patternAt, int[] patternLength, int[] patternActor, String[] patternKeyword,
            boolean[] checkStart, boolean[] checkEnd, boolean[] domainLike) {
        this.actors = actors;
        this.classOf = classOf;
        this.width = width;
        this.delta = delta;
        this.firstOut = firstOut;
        this.nextOut = nextOut;
        this.patternAt = patternAt;
        this.patternLength = patternLength;
        this.patternActor = patternActor;
        this.patternKeyword = patternKeyword;
        this.checkStart = checkStart;
        this.checkEnd = checkEnd;
        this.domainLike = domainLike;
    }

    /** Compiles the matching names of {@code actors} (in this order: earlier actors win ties). */
    public static MentionMatcher compile(List<Actor> actors) {
        Objects.requireNonNull(actors, "actors");
        List<Actor> actorList = List.copyOf(actors);
        Map<String, Integer> patternIds = new LinkedHashMap<>();
        List<Integer> owners = new ArrayList<>();
        List<String> keywords = new ArrayList<>();
        for (int a = 0; a < actorList.size(); a++) {
            for (String name : actorList.get(a).matchingNames()) {
                String trimmed = name.strip();
                String folded = foldName(trimmed);
                if (folded.isEmpty() || patternIds.containsKey(folded)) {
                    continue;
                }
                patternIds.put(folded, owners.size());
                owners.add(a);
                keywords.add(trimmed);
            }
        }
        if (patternIds.isEmpty()) {
            return actorList.isEmpty() ? EMPTY : withActors(actorList);
        }
        String[] patterns = patternIds.keySet().toArray(String[]::new);
        int count = patterns.length;

        // Character classes: one per distinct UTF-16 unit used in any name.
        char[] classOf = new char[Character.MAX_VALUE + 1];
        int classes = 1;
        for (String p : patterns) {
            for (int i = 0; i < p.length(); i++) {
                char c = p.charAt(i);
                if (classOf[c] == 0) {
                    if (classes == Character.MAX_VALUE) {
                        throw new IllegalArgumentException("too many distinct characters in names");
                    }
                    classOf[c] = (char) classes++;
                }
            }
        }
        int width = classes;

        // Trie.
        List<int[]> gotoRows = new ArrayList<>();
        List<Integer> outputs = new ArrayList<>();
        gotoRows.add(newRow(width));
        outputs.add(-1);
        for (int p = 0; p < count; p++) {
            String pattern = patterns[p];
            int state = 0;
            for (int i = 0; i < pattern.length(); i++) {
                int cls = classOf[pattern.charAt(i)];
                int next = gotoRows.get(state)[cls];
                if (next < 0) {
                    next = gotoRows.size();
                    gotoRows.get(state)[cls] = next;
                    gotoRows.add(newRow(width));
                    outputs.add(-1);
                }
                state = next;
            }
            outputs.set(state, p);
        }
        int states = gotoRows.size();
        if ((long) states * width > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("names too large to compile");
        }

        // Breadth-first: failure links folded into a full DFA table, output chains.
        int[] delta = new int[states * width];
        int[] fail = new int[states];
        int[] patternAt = new int[states];
        int[] firstOut = new int[states];
        int[] nextOut = new int[states];
        for (int s = 0; s < states; s++) {
            patternAt[s] = outputs.get(s);
        }
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        int[] root = gotoRows.get(0);
        for (int cls = 0; cls < width; cls++) {
            int next = cls == 0 ? -1 : root[cls];
            if (next < 0) {
                delta[cls] = 0;
            } else {
                delta[cls] = next;
                fail[next] = 0;
                queue.add(next);
            }
        }
        firstOut[0] = -1;
        nextOut[0] = -1;
        while (!queue.isEmpty()) {
            int s = queue.poll();
            int f = fail[s];
            nextOut[s] = firstOut[f];
            firstOut[s] = patternAt[s] >= 0 ? s : nextOut[s];
            int[] row = gotoRows.get(s);
            for (int cls = 0; cls < width; cls++) {
                int next = cls == 0 ? -1 : row[cls];
                if (next < 0) {
                    delta[s * width + cls] = delta[f * width + cls];
                } else {
                    delta[s * width + cls] = next;
                    fail[next] = delta[f * width + cls];
                    queue.add(next);
                }
            }
        }

        int[] length = new int[count];
        String[] keyword = new String[count];
        boolean[] checkStart = new boolean[count];
        boolean[] checkEnd = new boolean[count];
        boolean[] domainLike = new boolean[count];
        for (int p = 0; p < count; p++) {
            String pattern = patterns[p];
            length[p] = pattern.length();
            keyword[p] = keywords.get(p);
            checkStart[p] = isWordChar(pattern.codePointAt(0));
            checkEnd[p] = isWordChar(pattern.codePointBefore(pattern.length()));
            domainLike[p] = isDomainLike(pattern);
        }
        int[] actorOf = new int[count];
        for (int p = 0; p < count; p++) {
            actorOf[p] = owners.get(p);
        }
        return new MentionMatcher(actorList, classOf, width, delta, firstOut, nextOut, patternAt, length, actorOf,
                keyword, checkStart, checkEnd, domainLike);
    }

    private static MentionMatcher withActors(List<Actor> actors) {
        return new MentionMatcher(actors, EMPTY.classOf, 1, EMPTY.delta, EMPTY.firstOut, EMPTY.nextOut,
                EMPTY.patternAt, new int[0], new int[0], new String[0], new boolean[0], new boolean[0],
                new boolean[0]);
    }

    private static int[] newRow(int width) {
        int[] row = new int[width];
        Arrays.fill(row, -1);
        return row;
    }

    /** The actors this matcher was compiled for, in their order. */
    public List<Actor> actors() {
        return actors;
    }

    /**
     * The actors {@code text} mentions, ordered by first occurrence (see the class comment); empty for a null or
     * empty text.
     */
    public List<MentionMatch> match(String text) {
        if (text == null || text.isEmpty() || patternLength.length == 0) {
            return List.of();
        }
        Folded folded = fold(text);
        char[] f = folded.chars;
        int n = folded.length;
        Candidates candidates = candidates(f, n);
        if (candidates.size == 0) {
            return List.of();
        }

        // URL pass (only when something matched): drop candidates inside links, e-mails and domains.
        int[] zones = urlZones(f, n);
        if (zones.length > 0) {
            candidates.removeInZones(zones, domainLike);
            if (candidates.size == 0) {
                return List.of();
            }
        }

        int[] accepted = candidates.resolveOverlaps();
        return collect(accepted, candidates, folded);
    }

    /** Automaton pass over the folded text: occurrences of names that respect word boundaries, by end. */
    private Candidates candidates(char[] f, int n) {
        Candidates candidates = new Candidates();
        int state = 0;
        final int[] delta = this.delta;
        final char[] classOf = this.classOf;
        final int width = this.width;
        for (int i = 0; i < n; i++) {
            state = delta[state * width + classOf[f[i]]];
            int out = firstOut[state];
            while (out >= 0) {
                int p = patternAt[out];
                int end = i + 1;
                int start = end - patternLength[p];
                if ((!checkStart[p] || start == 0 || !isWordChar(codePointBefore(f, start)))
                        && (!checkEnd[p] || end == n || !isWordChar(codePointAt(f, end, n)))) {
                    candidates.add(start, end, p);
                }
                out = nextOut[out];
            }
        }
        return candidates;
    }

    private List<MentionMatch> collect(int[] accepted, Candidates candidates, Folded folded) {
        // accepted: candidate indices sorted by start.
        Map<Integer, Builder> byActor = new LinkedHashMap<>();
        for (int k : accepted) {
            int p = candidates.pattern[k];
            int actor = patternActor[p];
            Builder builder = byActor.computeIfAbsent(actor, a -> new Builder());
            if (!builder.keywords.contains(patternKeyword[p])) {
                builder.keywords.add(patternKeyword[p]);
            }
            int start = candidates.start[k];
            int end = candidates.end[k];
            builder.spans.add(new MentionMatch.Span(folded.origStart[start], folded.origEnd[end - 1]));
        }
        List<MentionMatch> result = new ArrayList<>(byActor.size());
        int position = 1;
        for (Map.Entry<Integer, Builder> e : byActor.entrySet()) {
            Builder b = e.getValue();
            result.add(new MentionMatch(actors.get(e.getKey()), b.keywords, position++, b.spans));
        }
        return List.copyOf(result);
    }

    private static final class Builder {
        final List<String> keywords = new ArrayList<>(2);
        final List<MentionMatch.Span> spans = new ArrayList<>(4);
    }

    /** Growable parallel arrays of candidate occurrences (folded coordinates). */
    private static final class Candidates {
        int[] start = new int[32];
        int[] end = new int[32];
        int[] pattern = new int[32];
        int size;

        void add(int s, int e, int p) {
            if (size == start.length) {
                start = Arrays.copyOf(start, size * 2);
                end = Arrays.copyOf(end, size * 2);
                pattern = Arrays.copyOf(pattern, size * 2);
            }
            start[size] = s;
            end[size] = e;
            pattern[size] = p;
            size++;
        }

        void removeInZones(int[] zones, boolean[] domainLike) {
            int kept = 0;
            for (int k = 0; k < size; k++) {
                if (!inZone(start[k], end[k], domainLike[pattern[k]], zones)) {
                    start[kept] = start[k];
                    end[kept] = end[k];
                    pattern[kept] = pattern[k];
                    kept++;
                }
            }
            size = kept;
        }

        private static boolean inZone(int s, int e, boolean domainLike, int[] zones) {
            for (int z = 0; z < zones.length; z += 3) {
                if (zones[z] < e && s < zones[z + 1] && !(domainLike && zones[z + 2] == ZONE_DOMAIN)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Indices of the occurrences kept (longest first, then earliest, then first actor), sorted by start.
         *
         * <p>Candidates arrive ordered by end, and no two share both start and end (that would be one folded name
         * found twice at one place). So ordering by (start, arrival) is ordering by (start, end), and among
         * candidates of one length arrival order is start order: the priority order is (length descending,
         * arrival), and the actor tie-break never has to apply. Both orders are sorts of primitive keys
         * (high half: the order's first key, low half: the arrival index).
         */
        int[] resolveOverlaps() {
            long[] keys = new long[size];
            for (int k = 0; k < size; k++) {
                keys[k] = ((long) start[k] << 32) | k;
            }
            Arrays.sort(keys);
            int[] order = new int[size];
            for (int k = 0; k < size; k++) {
                order[k] = (int) keys[k];
            }
            // sorted by start: an overlap exists iff some start is before the furthest end so far
            boolean overlap = false;
            int maxEnd = size > 0 ? end[order[0]] : 0;
            for (int k = 1; k < size && !overlap; k++) {
                overlap = start[order[k]] < maxEnd;
                maxEnd = Math.max(maxEnd, end[order[k]]);
            }
            if (!overlap) {
                return order;
            }
            for (int k = 0; k < size; k++) {
                keys[k] = ((long) (Integer.MAX_VALUE - (end[k] - start[k])) << 32) | k;
            }
            Arrays.sort(keys);
            // taken[i]: folded unit i belongs to a kept occurrence (the last candidate ends furthest)
            boolean[] taken = new boolean[end[size - 1]];
            boolean[] keep = new boolean[size];
            int kept = 0;
            for (long key : keys) {
                int k = (int) key;
                if (isFree(taken, start[k], end[k])) {
                    Arrays.fill(taken, start[k], end[k], true);
                    keep[k] = true;
                    kept++;
                }
            }
            int[] result = new int[kept];
            int r = 0;
            for (int k : order) {
                if (keep[k]) {
                    result[r++] = k;
                }
            }
            return result;
        }

        private static boolean isFree(boolean[] taken, int from, int to) {
            for (int i = from; i < to; i++) {
                if (taken[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // URL zones (folded coordinates): triples {start, end, kind}.

    private static final int ZONE_URL = 1;
    private static final int ZONE_DOMAIN = 2;

    private static int[] urlZones(char[] f, int n) {
        int[] zones = null;
        int size = 0;
        int i = 0;
        while (i < n) {
            char c = f[i];
            int zs = -1;
            int ze = -1;
            int kind = ZONE_URL;
            if (c == ':') {
                if (i + 2 < n && f[i + 1] == '/' && f[i + 2] == '/') {
                    int s = i;
                    while (s > 0 && i - s < 32 && isSchemeChar(f[s - 1])) {
                        s--;
                    }
                    while (s < i && !isAsciiLetter(f[s])) {
                        s++;
                    }
                    if (s < i && (s == 0 || !isWordChar(f[s - 1]))) {
                        zs = s;
                        ze = urlEnd(f, n, i + 3);
                    }
                }
            } else if (c == 'w') {
                if (i + 4 < n && f[i + 1] == 'w' && f[i + 2] == 'w' && f[i + 3] == '.'
                        && (i == 0 || !isWordChar(f[i - 1]))) {
                    zs = i;
                    ze = urlEnd(f, n, i + 4);
                }
            } else if (c == ']') {
                if (i + 1 < n && f[i + 1] == '(') {
                    zs = i + 1;
                    ze = linkTargetEnd(f, n, i + 2);
                }
            } else if (c == '@') {
                int local = i;
                while (local > 0 && i - local < 128 && isEmailLocalChar(f[local - 1])) {
                    local--;
                }
                while (local < i && !isWordChar(f[local])) {
                    local++;
                }
                int hostEnd = hostEnd(f, n, i + 1);
                if (local < i && hostEnd > i + 1 && hasTld(f, i + 1, hostEnd)) {
                    zs = local;
                    ze = hostEnd;
                }
            } else if (c == '.') {
                int tldEnd = tldEnd(f, n, i);
                if (tldEnd > 0) {
                    int s = i;
                    while (s > 0 && i - s < 256 && isHostChar(f[s - 1])) {
                        s--;
                    }
                    while (s < i && !isWordChar(f[s])) {
                        s++;
                    }
                    if (s < i && labelHasLetter(f, s, i)) {
                        zs = s;
                        int e = hostEnd(f, n, i + 1);
                        if (e < n && f[e] == ':') { // port
                            int p = e + 1;
                            while (p < n && f[p] >= '0' && f[p] <= '9') {
                                p++;
                            }
                            if (p > e + 1) {
                                e = p;
                            }
                        }
                        if (e < n && (f[e] == '/' || f[e] == '?' || f[e] == '#')) {
                            e = urlEnd(f, n, e);
                        }
                        ze = e;
                        kind = ZONE_DOMAIN;
                    }
                }
            }
            if (zs >= 0 && ze > zs) {
                if (zones == null) {
                    zones = new int[24];
                } else if (size + 3 > zones.length) {
                    zones = Arrays.copyOf(zones, zones.length * 2);
                }
                zones[size++] = zs;
                zones[size++] = ze;
                zones[size++] = kind;
                i = Math.max(ze, i + 1);
            } else {
                i++;
            }
        }
        return zones == null ? new int[0] : Arrays.copyOf(zones, size);
    }

    /** End of a URL whose body starts at {@code from}: up to a terminator, trailing punctuation trimmed. */
    private static int urlEnd(char[] f, int n, int from) {
        int depthParen = 0;
        int depthBracket = 0;
        int e = from;
        loop:
        while (e < n) {
            char c = f[e];
            switch (c) {
                case ' ', '<', '>', '"', '\'', '|', '{', '}' -> {
                    break loop;
                }
                case '(' -> depthParen++;
                case ')' -> {
                    if (depthParen == 0) {
                        break loop;
                    }
                    depthParen--;
                }
                case '[' -> depthBracket++;
                case ']' -> {
                    if (depthBracket == 0) {
                        break loop;
                    }
                    depthBracket--;
                }
                default -> {
                    if (c >= 0x0E00 && isUnspacedScript(c)) { // "https://acme.com/をご覧ください"
                        break loop;
                    }
                }
            }
            e++;
        }
        while (e > from && isTrailingPunctuation(f[e - 1])) {
            e--;
        }
        return e;
    }

    /** End (exclusive, including the closing paren) of a markdown link target starting after "](". */
    private static int linkTargetEnd(char[] f, int n, int from) {
        int depth = 0;
        int limit = Math.min(n, from + 4096);
        for (int e = from; e < limit; e++) {
            char c = f[e];
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (depth == 0) {
                    return e + 1;
                }
                depth--;
            }
        }
        int e = from;
        while (e < n && f[e] != ' ') {
            e++;
        }
        return e;
    }

    /** If a '.' at {@code dot} follows a word and is followed by 2–24 ASCII letters and a boundary: that end. */
    private static int tldEnd(char[] f, int n, int dot) {
        if (dot == 0 || !isWordChar(f[dot - 1])) {
            return -1;
        }
        int e = dot + 1;
        while (e < n && e - dot <= 25 && isAsciiLetter(f[e])) {
            e++;
        }
        int letters = e - dot - 1;
        if (letters < 2 || letters > 24) {
            return -1;
        }
        if (e < n && isWordChar(f[e])) {
            return -1;
        }
        return e;
    }

    private static boolean hasTld(char[] f, int from, int to) {
        for (int i = from; i < to; i++) {
            if (f[i] == '.' && tldEnd(f, to, i) > 0) {
                return true;
            }
        }
        return false;
    }

    /** End of a host name starting at {@code from}: letters, digits, '-' and '.', trailing '.'/'-' trimmed. */
    private static int hostEnd(char[] f, int n, int from) {
        int e = from;
        while (e < n && isHostChar(f[e])) {
            e++;
        }
        while (e > from && (f[e - 1] == '.' || f[e - 1] == '-')) {
            e--;
        }
        return e;
    }

    private static boolean labelHasLetter(char[] f, int from, int to) {
        // the label right before the dot must not be all digits ("1.Acme" is a list item, not a host)
        int s = to;
        while (s > from && f[s - 1] != '.') {
            s--;
        }
        for (int i = s; i < to; i++) {
            if (Character.isLetter(f[i])) {
                return true;
            }
        }
        return false;
    }

    private static boolean isHostChar(char c) {
        return c == '.' || c == '-' || isWordChar(c);
    }

    private static boolean isEmailLocalChar(char c) {
        return c == '.' || c == '_' || c == '%' || c == '+' || c == '-' || isWordChar(c);
    }

    private static boolean isSchemeChar(char c) {
        return isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z'; // folded text is lower-case
    }

    private static boolean isTrailingPunctuation(char c) {
        return switch (c) {
            case '.', ',', ';', ':', '!', '?', '*', '_', '~', '-' -> true;
            default -> false;
        };
    }

    private static boolean isDomainLike(String folded) {
        for (int i = 0; i + 1 < folded.length(); i++) {
            if (folded.charAt(i) == '.' && Character.isLetter(folded.charAt(i + 1))) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------------------
    // Word characters.

    private static int codePointBefore(char[] f, int index) {
        char c = f[index - 1];
        if (Character.isLowSurrogate(c) && index >= 2 && Character.isHighSurrogate(f[index - 2])) {
            return Character.toCodePoint(f[index - 2], c);
        }
        return c;
    }

    private static int codePointAt(char[] f, int index, int n) {
        char c = f[index];
        if (Character.isHighSurrogate(c) && index + 1 < n && Character.isLowSurrogate(f[index + 1])) {
            return Character.toCodePoint(c, f[index + 1]);
        }
        return c;
    }

    /** A letter or digit of a script that separates words with spaces. */
    static boolean isWordChar(int cp) {
        if (cp < 128) {
            return (cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9') || (cp >= 'A' && cp <= 'Z');
        }
        return Character.isLetterOrDigit(cp) && !isUnspacedScript(cp);
    }

    private static boolean isUnspacedScript(int cp) {
        return (cp >= 0x0E00 && cp <= 0x0EFF)        // Thai, Lao
                || (cp >= 0x1000 && cp <= 0x109F)     // Myanmar
                || (cp >= 0x1100 && cp <= 0x11FF)     // Hangul Jamo
                || (cp >= 0x1780 && cp <= 0x17FF)     // Khmer
                || (cp >= 0x2E80 && cp <= 0xA4CF)     // CJK radicals, kana, CJK ideographs, Yi
                || (cp >= 0xA960 && cp <= 0xA97F)     // Hangul Jamo extended
                || (cp >= 0xAC00 && cp <= 0xD7FF)     // Hangul syllables
                || (cp >= 0xF900 && cp <= 0xFAFF)     // CJK compatibility ideographs
                || (cp >= 0xFF66 && cp <= 0xFFDC)     // halfwidth katakana and hangul
                || (cp >= 0x1AFF0 && cp <= 0x1B16F)   // kana supplement and extensions
                || (cp >= 0x20000 && cp <= 0x3FFFF);  // CJK extensions
    }

    // ------------------------------------------------------------------------------------------------------
    // Folding.

    /** Folded text with, for each folded unit, the original span [origStart, origEnd) it came from. */
    private static final class Folded {
        char[] chars;
        int[] origStart;
        int[] origEnd;
        int length;

        Folded(int capacity) {
            chars = new char[capacity];
            origStart = new int[capacity];
            origEnd = new int[capacity];
        }

        void append(char c, int start, int end) {
            if (length == chars.length) {
                int capacity = length * 2 + 16;
                chars = Arrays.copyOf(chars, capacity);
                origStart = Arrays.copyOf(origStart, capacity);
                origEnd = Arrays.copyOf(origEnd, capacity);
            }
            chars[length] = c;
            origStart[length] = start;
            origEnd[length] = end;
            length++;
        }
    }

    /** Folding of a BMP unit at or above 128: "" = drop (extends the previous unit), " " = space. Lazily filled. */
    private static final String[] FOLD_CACHE = new String[Character.MAX_VALUE + 1];

    private static final String DROP = "";
    private static final String SPACE = " ";

    static Folded fold(String text) {
        int n = text.length();
        Folded out = new Folded(n + 16);
        boolean lastSpace = true; // leading white space dropped
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 128) {
                if (c >= 'A' && c <= 'Z') {
                    out.append((char) (c + 32), i, i + 1);
                    lastSpace = false;
                } else if (c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F)) {
                    if (lastSpace) {
                        if (out.length > 0) {
                            out.origEnd[out.length - 1] = i + 1;
                        }
                    } else {
                        out.append(' ', i, i + 1);
                        lastSpace = true;
                    }
                } else {
                    out.append(c == '`' ? '\'' : c, i, i + 1);
                    lastSpace = false;
                }
                continue;
            }
            String folding;
            int end = i + 1;
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                folding = foldSupplementary(Character.toCodePoint(c, text.charAt(i + 1)));
                end = i + 2;
            } else {
                folding = FOLD_CACHE[c];
                if (folding == null) {
                    folding = foldBmp(c);
                    FOLD_CACHE[c] = folding; // racy but benign: Strings are immutable
                }
            }
            if (folding.isEmpty()) {
                if (out.length > 0) {
                    out.origEnd[out.length - 1] = end;
                }
            } else if (folding == SPACE) {
                if (lastSpace) {
                    if (out.length > 0) {
                        out.origEnd[out.length - 1] = end;
                    }
                } else {
                    out.append(' ', i, end);
                    lastSpace = true;
                }
            } else {
                for (int k = 0; k < folding.length(); k++) {
                    out.append(folding.charAt(k), i, end);
                }
                lastSpace = false;
            }
            i = end - 1;
        }
        return out;
    }

    /** The folded form of a name: as the text is folded, without leading or trailing space. */
    static String foldName(String name) {
        Folded folded = fold(name);
        int len = folded.length;
        while (len > 0 && folded.chars[len - 1] == ' ') {
            len--;
        }
        return new String(folded.chars, 0, len);
    }

    private static String foldBmp(char c) {
        if (Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085' || c == '\u200B') {
            return SPACE;
        }
        switch (c) {
            case '\u2018', '\u2019', '\u201A', '\u201B', '\u00B4', '\u2032', '\u2035', '\uFF07' -> {
                return "'";
            }
            case '\u201C', '\u201D', '\u201E', '\u201F', '\u2033', '\u2036', '\uFF02' -> {
                return "\"";
            }
            case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\uFE58', '\uFE63',
                    '\uFF0D' -> {
                return "-";
            }
            default -> {
            }
        }
        int type = Character.getType(c);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK || type == Character.FORMAT) {
            return DROP;
        }
        if (c >= '\uFF01' && c <= '\uFF5E') { // fullwidth ASCII
            char ascii = (char) (c - 0xFEE0);
            return String.valueOf(ascii >= 'A' && ascii <= 'Z' ? (char) (ascii + 32) : ascii == '`' ? '\'' : ascii);
        }
        String decomposed = (c >= '\uFB00' && c <= '\uFB06')
                ? Normalizer.normalize(String.valueOf(c), Normalizer.Form.NFKD)
                : Normalizer.normalize(String.valueOf(c), Normalizer.Form.NFD);
        return caseFoldDroppingMarks(decomposed);
    }

    private static String foldSupplementary(int cp) {
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK || type == Character.FORMAT) {
            return DROP;
        }
        String s = Character.toString(cp);
        if (cp >= 0x1D400 && cp <= 0x1D7FF) { // mathematical alphanumeric symbols (styled Latin letters, digits)
            s = Normalizer.normalize(s, Normalizer.Form.NFKD);
        }
        return caseFoldDroppingMarks(s);
    }

    private static String caseFoldDroppingMarks(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int k = 0; k < s.length(); ) {
            int cp = s.codePointAt(k);
            k += Character.charCount(cp);
            int type = Character.getType(cp);
            if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                    || type == Character.COMBINING_SPACING_MARK || type == Character.FORMAT) {
                continue;
            }
            sb.appendCodePoint(Character.toLowerCase(Character.toUpperCase(cp)));
        }
        String folded = sb.toString();
        if (folded.length() == 1 && folded.charAt(0) < 128) {
            char a = folded.charAt(0);
            if (a == '`') {
                return "'";
            }
        }
        return folded.equals(SPACE) ? SPACE : folded;
    }
}
