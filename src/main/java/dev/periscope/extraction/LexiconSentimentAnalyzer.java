package dev.periscope.extraction;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The built-in offline sentiment analyser: our own lexicons ({@code sentiment/lexicon-*.tsv}) and rules, judging
 * each mentioned actor only on the text around its mentions. Pure, deterministic and thread-safe (all state is
 * immutable and loaded once per class loader).
 *
 * <h2>Where an actor is judged</h2>
 * <ul>
 *   <li>The answer is split into blocks (one per line: paragraph, list item, heading, table row; table separator
 *       rows and rules are skipped) and blocks into sentences on {@code . ! ?} followed by a space and a
 *       non-lower-case character; abbreviations ({@code e.g.}, {@code vs.}, {@code Inc.}, single initials...) and
 *       decimals never split. Headings and table rows are one sentence each.</li>
 *   <li>An actor is judged on the sentences holding its occurrences, plus these continuations: a sentence naming
 *       no actor continues the previous sentence of the same block when that one names exactly one actor ("Acme
 *       is a CRM. It is known for great support."); a sentence opening with a pronoun ("However, it is harder to
 *       learn than Acme.") also stays with that actor, which is then judged on the clauses where no named actor
 *       is the subject; a block naming no actor inherits the actor of the section it sits in: a heading naming
 *       exactly one actor (until the next heading of the same or a higher level), a list item naming exactly one
 *       actor (for its more indented sub-items), or a short or colon-ended line naming exactly one actor (until
 *       the next blank line). A block naming another actor ends such a section. A paragraph naming no actor whose
 *       first sentence holds the possessive "its" continues the actor named alone by the block just before it
 *       ("Acme is on both stores: [links]" then "Users love its plans."). In a table whose header row names
 *       actors as columns ("| Feature | Acme | Globex |"), each later row is judged per actor on its column's
 *       cell, with the row's first cell counted for topics only.</li>
 *   <li>A sentence with one actor is judged as a whole. A sentence with several actors is split into clauses on
 *       contrast markers ("but", "however", "whereas", "while", "although", "though", "yet", "on the other hand",
 *       {@code ;}, spaced dashes, and their French, German and Spanish counterparts); each actor is judged on the
 *       clauses holding it. When another actor is also the subject of that clause, the actor's comma-separated
 *       part of the clause is used instead if it holds no other subject and either carries sentiment or has a
 *       predicate of its own ("Acme is reliable, Globex is buggy"; "..., and Initech is a newer entrant").
 *       A clause naming no actor goes to the single subject of the nearest clause before it (or after it, when
 *       it opens the sentence); so does the part of a clause before a comma that opens another actor's part
 *       ("Globex is thorough but hard to navigate, and Initech ..."). An actor that is the object of a
 *       preposition after another actor ("Pineapple offers distribution to Apple and Spotify") is not judged on
 *       that clause. There is no fall-back to the whole sentence when it names another actor.</li>
 *   <li>Pros and cons: a heading or a line holding only a label such as "Cons", "Key drawbacks" or "What we
 *       like" marks the list items after it (until the next blank line, or for a heading the next heading of the
 *       same or a higher level), a label opening a sentence ("Cons: desktop only") marks the rest of it, and a
 *       table header cell marks its column. A marked part that carries no sentiment of its own counts
 *       {@value #LABELLED} in the label's direction.</li>
 * </ul>
 *
 * <h2>Scoring</h2>
 * Lexicon phrases (longest match first, never over an actor's name) give weights from -4 to +4; a negator within
 * three words before ("not", "never", "isn't", "lacks", "without", "ne/pas", "nicht/kein", "no/sin"...) flips and
 * damps the weight (× {@value #NEGATION}); an intensifier right before ("very", "extremely", "most"...) multiplies
 * by {@value #INTENSIFIER}, a dampener ("somewhat", "a bit", "fairly"...) by {@value #DAMPENER}; "less"/"fewer"
 * right before flips like a negator. Comparatives: in "A is better than B" the phrase before "than" counts for A
 * and inverted for B (other words of the clause do not count for B); in "A outperforms B" / "Nothing beats B" the
 * verb counts inverted for B; an actor after "unlike", "compared to/with" and the like gets the whole clause
 * inverted. Contrast weighs the clauses of an actor judged on both sides of a marker: before "but", "however",
 * "yet" (and "mais", "aber", "pero", "ma", "mas", "maar"...) × {@value #BEFORE_BUT}, after it
 * × {@value #AFTER_BUT} ("capable but expensive" is negative); a concession ("..., though street noise can be an
 * issue", "Although Acme costs more, ...") × {@value #CONCESSION}. Sentiment words up to four words after a
 * requirement ("teams that need reliable backups", "if you want", "looking for") describe a wish, not the actor,
 * and count 0. Negative words after "users report", "mention"... weigh × {@value #REPORTED}; ALL-CAPS
 * sentiment words × {@value #CAPS}; each "!" (up to three) adds {@value #EXCLAMATION} in the sentence's
 * direction; a question counts half. An actor's total is the sum over its sentences (so the stronger side wins
 * when one paragraph praises and another criticises; an exact tie is neutral), normalised as
 * {@code x / sqrt(x² + 15)} and bucketed: ≥ 0.55 very_positive, ≥ 0.15 positive, > -0.15 neutral, > -0.55
 * negative, else very_negative.
 *
 * <h2>Comment and topics</h2>
 * {@code comment} is the sentence that carried the strongest signal in the direction of the verdict (the
 * earliest one on a tie), or the actor's first mention sentence when the verdict is neutral (passing over headings
 * and lines holding little more than the name when a more telling sentence follows); markdown markers are
 * removed and it is cut at a word boundary to at most {@value #MAX_COMMENT_LENGTH} characters. {@code topics} are
 * up to {@value #MAX_TOPICS} aspects (pricing, support, ease of use, integrations, performance, reliability,
 * features, security, documentation, onboarding, scalability, design, value) named in the text the actor was
 * judged on, in order of appearance, comma-separated; empty when none.
 *
 * <h2>Languages</h2>
 * The answer's language is guessed from stop-word counts (English, French, German, Spanish, Italian, Portuguese,
 * Dutch); the English lexicon always applies, overridden by the detected language's lexicon. Negators,
 * intensifiers and contrast markers of all seven languages always apply, except contrast words that are other
 * words elsewhere (Italian "ma", Portuguese "mas"), which apply to their language only. Other languages
 * (Japanese...) get the English lexicon only.
 */
public final class LexiconSentimentAnalyzer implements SentimentAnalyzer {
    /** Longest {@code comment}, in characters. */
    public static final int MAX_COMMENT_LENGTH = 300;
    /** Most aspects listed in {@code topics}. */
    public static final int MAX_TOPICS = 3;

    static final double ALPHA = 15.0;
    static final double NEGATION = -0.7;
    static final double INTENSIFIER = 1.3;
    static final double DAMPENER = 0.7;
    static final double CAPS = 1.25;
    static final double EXCLAMATION = 0.3;
    static final int MAX_EXCLAMATIONS = 3;
    static final double QUESTION = 0.5;
    static final double REPORTED = 1.3;
    static final double BEFORE_BUT = 0.5;
    static final double AFTER_BUT = 1.5;
    static final double CONCESSION = 0.5;
    static final double LABELLED = 0.8;
    /** Longest line, in characters, that can be a pros or cons label ("**Potential drawbacks:**"). */
    static final int MAX_LABEL = 40;

    static final List<String> LANGUAGES = List.of("en", "fr", "de", "es", "it", "pt", "nl");

    private final Lexicon[] lexicons;
    private final Map<String, Integer> fileSizes;
    private final PhraseIndex aspects;

    /** The analyser with the bundled lexicons (parsed once, shared by all instances). */
    public LexiconSentimentAnalyzer() {
        this.lexicons = Defaults.LEXICONS;
        this.fileSizes = Defaults.FILE_SIZES;
        this.aspects = Defaults.ASPECTS;
    }

    /** Entries in the bundled lexicon file of {@code language} (one of {@link #LANGUAGES}), 0 for another. */
    int lexiconSize(String language) {
        return fileSizes.getOrDefault(language, 0);
    }

    /** {@code sum / sqrt(sum² + 15)}: a compound score in (-1, 1). */
    public static double compound(double sum) {
        return sum / Math.sqrt(sum * sum + ALPHA);
    }

    /** The spec's bucket for a compound score. */
    public static String bucket(double compound) {
        if (compound >= 0.55) {
            return "very_positive";
        }
        if (compound >= 0.15) {
            return "positive";
        }
        if (compound > -0.15) {
            return "neutral";
        }
        if (compound > -0.55) {
            return "negative";
        }
        return "very_negative";
    }

    @Override
    public List<ActorSentiment> analyze(String text, List<MentionMatch> mentions) {
        Objects.requireNonNull(mentions, "mentions");
        if (mentions.isEmpty()) {
            return List.of();
        }
        String body = text == null ? "" : text;
        Segmentation seg = Segmentation.of(body);
        Lexicon lexicon = lexicons[detectLanguage(seg.chars)];
        int actorCount = mentions.size();
        int[] firstSentence = new int[actorCount];
        Doc doc = Doc.of(body, seg, mentions, firstSentence);
        Attribution attribution = new Attribution(doc);
        for (int b = 0; b < seg.blocks.size(); b++) {
            attribution.block(b);
        }
        int sentenceCount = seg.sentenceCount();
        int[] sectionLabels = new int[sentenceCount];
        int[][] labelColumns = new int[sentenceCount][];
        labelSections(doc, sectionLabels, labelColumns);

        Acc[] accs = new Acc[actorCount];
        for (int a = 0; a < actorCount; a++) {
            accs[a] = new Acc();
        }
        for (int s = 0; s < sentenceCount; s++) {
            int[] owners = attribution.owners[s];
            if (owners.length > 0) {
                scoreSentence(doc, s, owners, attribution.columns[s], sectionLabels[s], labelColumns[s], lexicon,
                        accs);
            }
        }

        List<ActorSentiment> results = new ArrayList<>(actorCount);
        for (int a = 0; a < actorCount; a++) {
            results.add(result(mentions.get(a).actor(), a, firstSentence[a], accs[a], doc));
        }
        return List.copyOf(results);
    }

    /** The verdict on an actor from its accumulated scores, with its comment and topics. */
    private static ActorSentiment result(Actor actor, int a, int firstSentence, Acc acc, Doc doc) {
        String analysis = bucket(compound(acc.total));
        int commentSentence = analysis.equals("neutral")
                ? firstTelling(a, firstSentence, acc, doc)
                : strongest(acc, firstSentence);
        String comment = commentSentence < 0 ? "" : cleanComment(doc.body.substring(
                doc.seg.sentenceStart(commentSentence), doc.seg.sentenceEnd(commentSentence)));
        String topics = String.join(", ", acc.topics);
        return new ActorSentiment(actor, analysis, ActorSentiment.scoreOf(analysis), comment, topics);
    }

    /** Stable sort of a sentence's occurrences {actor, start, end} by start (they are few: insertion sort). */
    private static void sortByStart(List<int[]> occurrences) {
        for (int k = 1; k < occurrences.size(); k++) {
            int[] o = occurrences.get(k);
            int j = k - 1;
            while (j >= 0 && occurrences.get(j)[1] > o[1]) {
                occurrences.set(j + 1, occurrences.get(j));
                j--;
            }
            occurrences.set(j + 1, o);
        }
    }

    /** The actors of occurrences {actor, start, end}, each once, in order. */
    private static int[] distinctActors(List<int[]> occurrences) {
        int[] actors = new int[occurrences.size()];
        int count = 0;
        for (int[] o : occurrences) {
            if (!contains(actors, count, o[0])) {
                actors[count++] = o[0];
            }
        }
        return count == actors.length ? actors : Arrays.copyOf(actors, count);
    }

    /** Whether {@code values[0, count)} holds value. */
    private static boolean contains(int[] values, int count, int value) {
        for (int k = 0; k < count; k++) {
            if (values[k] == value) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(int[] values, int value) {
        return contains(values, values.length, value);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Attribution of sentences to actors

    private static final int[] NONE = new int[0];

    private record Scope(int actor, int headingLevel, int listIndent) {
        /**
         * Whether the section ends at the block: a heading ends list and line sections and headings of its level
         * or a deeper one; a blank line ends list and line sections; a list item ends the sections of items as
         * indented or more; a line ends the sections of items it is not more indented than.
         */
        boolean endsAt(Block block) {
            if (block.kind == Kind.HEADING) {
                return headingLevel == 0 || headingLevel >= block.level;
            }
            if (headingLevel != 0) {
                return false;
            }
            return block.blankBefore
                    || (block.kind == Kind.LIST && listIndent >= block.indent)
                    || (block.kind == Kind.TEXT && listIndent >= 0 && block.indent <= listIndent);
        }
    }

    /**
     * The walk over the blocks that finds which actors each sentence is judged for ({@link #owners}, see the class
     * comment); for rows of a table whose header names actors as columns, {@code columns[s]} receives the actor of
     * each column.
     */
    private static final class Attribution {
        final Doc doc;
        final int[][] owners;
        final int[][] columns;
        /** The sections open at the current block, innermost last. */
        private final List<Scope> scopes = new ArrayList<>();
        /** The column actors of the current table. */
        private int[] header;
        /** The actor named alone by the previous block, if any. */
        private int lastSingle = -1;

        Attribution(Doc doc) {
            this.doc = doc;
            this.owners = new int[doc.seg.sentenceCount()][];
            this.columns = new int[doc.seg.sentenceCount()][];
        }

        /** Attributes the sentences of block b (blocks are walked in order). */
        void block(int b) {
            Segmentation seg = doc.seg;
            int[][] direct = doc.direct;
            Block block = seg.blocks.get(b);
            int previousSingle = lastSingle;
            lastSingle = -1;
            if (block.kind == Kind.TABLE) {
                int s = block.firstSentence;
                boolean first = b == 0 || seg.blocks.get(b - 1).kind != Kind.TABLE || block.blankBefore;
                if (first) {
                    header = headerActors(doc.tokens(s));
                    columns[s] = header; // the header itself: a mention, judged on nothing
                } else if (header != null && direct[s].length == 0) {
                    owners[s] = columnActors(header);
                    columns[s] = header;
                    return;
                }
            }
            int[] blockActors = blockActors(block, direct);
            for (int k = scopes.size() - 1; k >= 0; k--) {
                Scope scope = scopes.get(k);
                if (scope.endsAt(block) || (blockActors.length > 0 && !contains(blockActors, scope.actor))) {
                    scopes.remove(k);
                }
            }
            boolean inherits = block.kind == Kind.LIST || block.kind == Kind.TEXT;
            int carry = inherits && !scopes.isEmpty() ? scopes.get(scopes.size() - 1).actor : -1;
            if (carry < 0 && block.kind == Kind.TEXT && previousSingle >= 0
                    && direct[block.firstSentence].length == 0
                    && Words.mentionsIt(doc.tokens(block.firstSentence))) {
                carry = previousSingle; // "Acme is available on both platforms. [...] Users love its plans."
            }
            for (int s = block.firstSentence; s < block.endSentence; s++) {
                if (direct[s].length > 0) {
                    if (inherits && carry >= 0 && !contains(direct[s], carry)
                            && Words.opensWithPronoun(doc.tokens(s))) {
                        // "However, it is harder to learn than Acme.": still about the carried actor
                        int[] both = new int[direct[s].length + 1];
                        both[0] = carry;
                        System.arraycopy(direct[s], 0, both, 1, direct[s].length);
                        owners[s] = both;
                        continue;
                    }
                    owners[s] = direct[s];
                    carry = direct[s].length == 1 ? direct[s][0] : -1;
                } else if (inherits && carry >= 0) {
                    owners[s] = new int[] {carry};
                } else {
                    owners[s] = NONE;
                }
            }
            if (blockActors.length == 1) {
                int actor = blockActors[0];
                lastSingle = block.kind == Kind.HEADING ? -1 : actor;
                if (block.kind == Kind.HEADING) {
                    scopes.add(new Scope(actor, block.level, -1));
                } else if (block.kind == Kind.LIST) {
                    scopes.add(new Scope(actor, 0, block.indent));
                } else if (block.kind == Kind.TEXT && isTitleLike(doc, block)) {
                    scopes.add(new Scope(actor, 0, -1));
                }
            }
        }
    }

    /** The actors a block names, each once, in order. */
    private static int[] blockActors(Block block, int[][] direct) {
        if (block.endSentence - block.firstSentence == 1) {
            return direct[block.firstSentence];
        }
        int[] actors = NONE;
        int count = 0;
        for (int s = block.firstSentence; s < block.endSentence; s++) {
            for (int a : direct[s]) {
                if (!contains(actors, count, a)) {
                    if (count == actors.length) {
                        actors = Arrays.copyOf(actors, count + 4);
                    }
                    actors[count++] = a;
                }
            }
        }
        return Arrays.copyOf(actors, count);
    }

    /** The actors of a table's columns ({@link #headerActors}), each once, in order. */
    private static int[] columnActors(int[] header) {
        int[] actors = new int[header.length];
        int count = 0;
        for (int a : header) {
            if (a >= 0 && !contains(actors, count, a)) {
                actors[count++] = a;
            }
        }
        return Arrays.copyOf(actors, count);
    }

    /** The actor named alone in each cell of a table's header row (-1 for other cells), or null when none. */
    private static int[] headerActors(Tok[] toks) {
        List<int[]> cells = cells(toks);
        int[] actors = new int[cells.size()];
        boolean any = false;
        for (int c = 0; c < cells.size(); c++) {
            int[] in = actorsIn(toks, cells.get(c)[0], cells.get(c)[1]);
            actors[c] = in.length == 1 ? in[0] : -1;
            any |= actors[c] >= 0;
        }
        return any ? actors : null;
    }

    /** Token ranges of the cells of a table row ("| a | b |"). */
    private static List<int[]> cells(Tok[] toks) {
        List<int[]> cells = new ArrayList<>();
        int start = -1;
        for (int i = 0; i < toks.length; i++) {
            if (toks[i].kind == Tok.COMMA && toks[i].w.equals("|")) {
                if (start >= 0) {
                    cells.add(new int[] {start, i});
                }
                start = i + 1;
            }
        }
        if (start >= 0 && start < toks.length) {
            cells.add(new int[] {start, toks.length});
        }
        return cells;
    }

    /** A short line naming one actor ("**Acme**", "Acme CRM") or a line ending with a colon ("Acme offers:"). */
    private static boolean isTitleLike(Doc doc, Block block) {
        String body = doc.body;
        Segmentation seg = doc.seg;
        int end = seg.sentenceEnd(block.endSentence - 1);
        int last = end - 1;
        while (last > block.start && "*_ )\"'".indexOf(body.charAt(last)) >= 0) {
            last--;
        }
        char lastChar = body.charAt(last);
        if (lastChar == ':') {
            return true;
        }
        if (lastChar == '.' || lastChar == '!' || lastChar == '?') {
            return false;
        }
        int words = 0;
        for (int s = block.firstSentence; s < block.endSentence; s++) {
            for (Tok t : doc.tokens(s)) {
                if (t.kind == Tok.WORD && t.actor < 0 && !t.number) {
                    words++;
                }
            }
        }
        return words <= 6;
    }

    /**
     * One answer under analysis: its text and segmentation, the mentions of each sentence and the tokens of each
     * sentence, made when first needed.
     */
    private static final class Doc {
        final String body;
        final Segmentation seg;
        /** Per sentence: its occurrences {actor, start, end} by start, or null. */
        final List<List<int[]>> occurrences;
        /** Per sentence: the actors it names, each once, in order. */
        final int[][] direct;
        private final Tok[][] tokens;

        private Doc(String body, Segmentation seg, List<List<int[]>> occurrences, int[][] direct) {
            this.body = body;
            this.seg = seg;
            this.occurrences = occurrences;
            this.direct = direct;
            this.tokens = new Tok[seg.sentenceCount()][];
        }

        /**
         * The answer with its mentions placed in sentences; {@code firstSentence[a]} receives the sentence of
         * actor a's first occurrence (-1 when none is in a sentence).
         */
        static Doc of(String body, Segmentation seg, List<MentionMatch> mentions, int[] firstSentence) {
            int sentenceCount = seg.sentenceCount();
            List<List<int[]>> occurrences = new ArrayList<>(Collections.nCopies(sentenceCount, null));
            Arrays.fill(firstSentence, -1);
            for (int a = 0; a < mentions.size(); a++) {
                int firstStart = Integer.MAX_VALUE;
                for (MentionMatch.Span span : mentions.get(a).occurrences()) {
                    int start = Math.max(0, span.start());
                    int end = Math.min(body.length(), span.end());
                    if (end <= start) {
                        continue;
                    }
                    int s = seg.sentenceAt(start);
                    if (s < 0) {
                        continue;
                    }
                    List<int[]> list = occurrences.get(s);
                    if (list == null) {
                        list = new ArrayList<>(2);
                        occurrences.set(s, list);
                    }
                    list.add(new int[] {a, start, end});
                    if (start < firstStart) {
                        firstStart = start;
                        firstSentence[a] = s;
                    }
                }
            }
            int[][] direct = new int[sentenceCount][];
            for (int s = 0; s < sentenceCount; s++) {
                List<int[]> list = occurrences.get(s);
                if (list == null) {
                    direct[s] = NONE;
                    continue;
                }
                sortByStart(list);
                direct[s] = distinctActors(list);
            }
            return new Doc(body, seg, occurrences, direct);
        }

        /** The tokens of sentence s, each word of an occurrence marked with its actor. */
        Tok[] tokens(int s) {
            Tok[] toks = tokens[s];
            return toks != null ? toks : tokenizeSentence(s);
        }

        /** The tokens of sentence s when they have been made already, else null. */
        Tok[] tokensIfMade(int s) {
            return tokens[s];
        }

        private Tok[] tokenizeSentence(int s) {
            List<Tok> list = tokenize(seg.chars, seg.sentenceStart(s), seg.sentenceEnd(s), WordClasses.TABLE);
            Tok[] toks = list.toArray(new Tok[0]);
            List<int[]> occ = occurrences.get(s);
            if (occ != null) {
                for (int[] o : occ) {
                    for (Tok t : toks) {
                        if (t.actor < 0 && t.start < o[2] && t.end > o[1]) {
                            t.actor = o[0];
                        }
                    }
                }
            }
            tokens[s] = toks;
            return toks;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Scoring one sentence

    private record Hit(int first, int last, double weight, boolean negated) {
    }

    private record Role(int kind, int than) {
        static final int SUBJECT = 0;
        static final int THAN = 1;
        static final int UNLIKE = 2;
        static final int OBJECT = 3;
        static final Role SUBJECT_ROLE = new Role(SUBJECT, -1);
        static final Role OBJECT_ROLE = new Role(OBJECT, -1);

        double factor(Hit hit) {
            return switch (kind) {
                case THAN -> hit.last >= than - 4 && hit.last < than ? -1.0 : 0.0;
                case UNLIKE -> -1.0;
                case OBJECT -> 0.0;
                default -> 1.0;
            };
        }
    }

    private static final class Acc {
        double total;
        final List<Integer> sentences = new ArrayList<>();
        final List<Double> contributions = new ArrayList<>();
        final LinkedHashSet<String> topics = new LinkedHashSet<>();
    }

    /** What scoring a sentence finds once for all the actors it is judged for. */
    private record SentenceFacts(int sentence, Tok[] toks, List<int[]> markers, List<Hit> hits, int exclamations,
            boolean question, int[] inline) {
    }

    private void scoreSentence(Doc doc, int s, int[] owners, int[] columns, int sectionLabel, int[] labelColumns,
            Lexicon lexicon, Acc[] accs) {
        Tok[] toks = doc.tokens(s);
        List<int[]> markers = new ArrayList<>(2);
        List<int[]> clauses = clauses(toks, markers, lexicon.language);
        boolean allCaps = allCaps(toks);
        List<Hit> hits = new ArrayList<>();
        for (int[] clause : clauses) {
            findHits(toks, clause[0], clause[1], lexicon, allCaps, hits);
        }
        int exclamations = 0;
        for (Tok t : toks) {
            if (t.kind == Tok.EXCLAIM) {
                exclamations++;
            }
        }
        boolean question = endsWithQuestion(doc.body, doc.seg.sentenceStart(s), doc.seg.sentenceEnd(s));
        SentenceFacts facts = new SentenceFacts(s, toks, markers, hits, exclamations, question, inlineLabel(toks));
        List<int[]> cells = columns == null ? List.of() : cells(toks);
        ClauseActors info = columns == null && owners.length > 1 ? ClauseActors.of(toks, clauses, hits) : null;
        for (int actor : owners) {
            List<int[]> ranges;
            List<int[]> topicRanges;
            if (columns != null) {
                ranges = new ArrayList<>();
                boolean header = false;
                for (int c = 0; c < cells.size() && c < columns.length; c++) {
                    if (columns[c] == actor) {
                        ranges.add(cells.get(c));
                        header |= actorsIn(toks, cells.get(c)[0], cells.get(c)[1]).length > 0;
                    }
                }
                if (header) {
                    ranges.clear();
                }
                topicRanges = new ArrayList<>(ranges);
                if (!ranges.isEmpty()) {
                    topicRanges.add(0, cells.get(0)); // the row's label: "| Ease of use | Excellent | Fair |"
                }
            } else {
                ranges = owners.length == 1
                        ? List.of(new int[] {0, toks.length})
                        : rangesFor(actor, toks, clauses, hits, info);
                topicRanges = ranges;
            }
            scoreActor(actor, facts, ranges, topicRanges, columns != null, sectionLabel, labelColumns, accs[actor]);
        }
    }

    /** Adds to an actor's account what a sentence says of it in the token ranges it is judged on. */
    private void scoreActor(int actor, SentenceFacts facts, List<int[]> ranges, List<int[]> topicRanges,
            boolean tableRow, int sectionLabel, int[] labelColumns, Acc acc) {
        Tok[] toks = facts.toks;
        List<Hit> hits = facts.hits;
        double sum = 0;
        boolean contrast = !tableRow && hasContrast(facts.markers);
        for (int[] range : ranges) {
            Role role = roleOf(toks, range[0], range[1], actor, hits);
            for (Hit hit : hits) {
                if (hit.first >= range[0] && hit.first < range[1]) {
                    double weight = role.factor(hit) * hit.weight;
                    if (contrast && weight != 0) {
                        weight *= contrastFactor(hit.first, toks, facts.markers, ranges);
                    }
                    sum += weight;
                }
            }
        }
        if (!tableRow) {
            sum += LABELLED * labelBias(toks, ranges, hits, facts.inline, sectionLabel, labelColumns);
        }
        if (sum != 0) {
            sum += Math.signum(sum) * EXCLAMATION * Math.min(facts.exclamations, MAX_EXCLAMATIONS);
            if (facts.question) {
                sum *= QUESTION;
            }
        }
        acc.total += sum;
        acc.sentences.add(facts.sentence);
        acc.contributions.add(sum);
        if (acc.topics.size() < MAX_TOPICS) {
            for (int[] range : topicRanges) {
                collectTopics(toks, range[0], range[1], acc.topics);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Pros and cons: labelled sections, inline labels and labelled table columns

    /**
     * Marks the sentences under a pros or cons label: a heading ("### Drawbacks", until the next heading of the
     * same or a higher level) or a line or list item holding only the label ("**Cons:**", "- Pros", covering the
     * list items that follow it, more indented for a list item, until a blank line). For tables whose header row
     * labels columns ("| Tool | Pros | Cons |"), {@code labelColumns} receives each later row's column labels.
     */
    private static void labelSections(Doc doc, int[] sectionLabels, int[][] labelColumns) {
        Segmentation seg = doc.seg;
        int polarity = 0;
        int headingLevel = 0;
        int indent = -1;
        boolean covered = false;
        int[] tableLabels = null;
        for (int b = 0; b < seg.blocks.size(); b++) {
            Block block = seg.blocks.get(b);
            if (block.kind == Kind.TABLE) {
                boolean firstRow = b == 0 || seg.blocks.get(b - 1).kind != Kind.TABLE || block.blankBefore;
                if (firstRow) {
                    tableLabels = headerLabels(doc.tokens(block.firstSentence));
                } else if (tableLabels != null) {
                    labelColumns[block.firstSentence] = tableLabels;
                }
                polarity = 0;
                continue;
            }
            int label = block.endSentence - block.firstSentence == 1
                    && seg.sentenceEnd(block.firstSentence) - seg.sentenceStart(block.firstSentence) <= MAX_LABEL
                    ? wholeLabel(doc.tokens(block.firstSentence)) : 0;
            if (block.kind == Kind.HEADING) {
                if (polarity != 0 && (headingLevel == 0 || block.level <= headingLevel)) {
                    polarity = 0;
                }
                if (label != 0) {
                    polarity = label;
                    headingLevel = block.level;
                    continue;
                }
            } else if (label != 0) {
                polarity = label;
                headingLevel = 0;
                indent = block.kind == Kind.LIST ? block.indent : -1;
                covered = false;
                continue;
            } else if (polarity != 0 && headingLevel == 0
                    && (block.kind != Kind.LIST || block.indent <= indent || (block.blankBefore && covered))) {
                polarity = 0;
            }
            if (polarity != 0) {
                for (int s = block.firstSentence; s < block.endSentence; s++) {
                    sectionLabels[s] = polarity;
                }
                covered = true;
            }
        }
    }

    /** The polarity of a sentence that is only a pros or cons label ("**Cons:**", "### Drawbacks"), else 0. */
    private static int wholeLabel(Tok[] toks) {
        int end = toks.length;
        if (end > 0 && toks[end - 1].kind == Tok.COMMA && toks[end - 1].w.equals(":")) {
            end--;
        }
        for (int i = 0; i < end; i++) {
            if (toks[i].kind != Tok.WORD) {
                return 0;
            }
        }
        return Words.labelPolarity(toks, 0, end);
    }

    /** {colon, polarity} when the sentence opens with a pros or cons label and a colon ("Cons: pricey"). */
    private static int[] inlineLabel(Tok[] toks) {
        for (int i = 0; i < toks.length && i < 6; i++) {
            if (toks[i].kind == Tok.COMMA) {
                if (!toks[i].w.equals(":") || i + 1 >= toks.length) {
                    return null;
                }
                int polarity = Words.labelPolarity(toks, 0, i);
                return polarity == 0 ? null : new int[] {i, polarity};
            }
            if (toks[i].kind != Tok.WORD) {
                return null;
            }
        }
        return null;
    }

    /** The pros or cons label of each cell of a table's header row, or null when there is none. */
    private static int[] headerLabels(Tok[] toks) {
        List<int[]> cells = cells(toks);
        int[] labels = new int[cells.size()];
        boolean any = false;
        for (int c = 0; c < cells.size(); c++) {
            labels[c] = Words.labelPolarity(toks, cells.get(c)[0], cells.get(c)[1]);
            any |= labels[c] != 0;
        }
        return any ? labels : null;
    }

    /**
     * The direction a pros or cons label gives an actor's part of a sentence that carries no sentiment of its
     * own: +1 for "Pros: offline mode", -1 for an item under "Cons:" or a "Cons" table cell, 0 otherwise.
     */
    private static int labelBias(Tok[] toks, List<int[]> ranges, List<Hit> hits, int[] inline, int sectionLabel,
            int[] labelColumns) {
        if (inline != null) {
            return quietPart(toks, ranges, hits, inline[0] + 1, toks.length) ? inline[1] : 0;
        }
        if (sectionLabel != 0) {
            return quietPart(toks, ranges, hits, 0, toks.length) ? sectionLabel : 0;
        }
        if (labelColumns == null) {
            return 0;
        }
        int bias = 0;
        List<int[]> cells = cells(toks);
        for (int c = 0; c < cells.size() && c < labelColumns.length; c++) {
            if (labelColumns[c] != 0 && quietPart(toks, ranges, hits, cells.get(c)[0], cells.get(c)[1])) {
                bias += labelColumns[c];
            }
        }
        return bias;
    }

    /** Whether the actor's ranges hold words but no sentiment hit within [from, to). */
    private static boolean quietPart(Tok[] toks, List<int[]> ranges, List<Hit> hits, int from, int to) {
        boolean words = false;
        for (int[] r : ranges) {
            int a = Math.max(r[0], from);
            int b = Math.min(r[1], to);
            for (int i = a; i < b; i++) {
                if (toks[i].kind == Tok.WORD && toks[i].actor < 0) {
                    words = true;
                    break;
                }
            }
            if (a < b && hasHit(hits, a, b)) {
                return false;
            }
        }
        return words;
    }

    private static boolean hasContrast(List<int[]> markers) {
        for (int[] m : markers) {
            if (m[2] != Words.MARK_NEUTRAL) {
                return true;
            }
        }
        return false;
    }

    /**
     * How much a hit at token {@code pos} counts given the sentence's contrast markers, when the actor is judged
     * on both sides of a marker: before "but" (and its kin) × {@value #BEFORE_BUT}, after it × {@value #AFTER_BUT};
     * inside a concession ("though ...", "Although ..., ") × {@value #CONCESSION}.
     */
    private static double contrastFactor(int pos, Tok[] toks, List<int[]> markers, List<int[]> ranges) {
        double factor = 1.0;
        for (int k = 0; k < markers.size(); k++) {
            int[] m = markers.get(k);
            int at = m[0];
            int after = m[0] + m[1];
            if (m[2] == Words.MARK_BUT) {
                if (covers(ranges, 0, at) && covers(ranges, after, toks.length)) {
                    factor *= pos < at ? BEFORE_BUT : AFTER_BUT;
                }
            } else if (m[2] == Words.MARK_CONCESSIVE) {
                int next = k + 1 < markers.size() ? markers.get(k + 1)[0] : toks.length;
                int end = next;
                if (!Words.hasWordsBefore(toks, at)) {
                    // "Although Acme is pricey, it is great": the concession ends at the first comma
                    for (int i = after; i < next; i++) {
                        if (toks[i].kind == Tok.COMMA) {
                            end = i;
                            break;
                        }
                    }
                }
                if (pos >= after && pos < end && (covers(ranges, 0, at) || covers(ranges, end, toks.length))) {
                    factor *= CONCESSION;
                }
            }
        }
        return factor;
    }

    /** Whether some range overlaps [from, to). */
    private static boolean covers(List<int[]> ranges, int from, int to) {
        for (int[] r : ranges) {
            if (Math.max(r[0], from) < Math.min(r[1], to)) {
                return true;
            }
        }
        return false;
    }

    /** Per clause of a sentence: the actors it names and those of them that are its subjects. */
    private record ClauseActors(int[][] named, int[][] subjects) {
        static ClauseActors of(Tok[] toks, List<int[]> clauses, List<Hit> hits) {
            int[][] actorsIn = new int[clauses.size()][];
            int[][] subjectsIn = new int[clauses.size()][];
            for (int c = 0; c < clauses.size(); c++) {
                int[] clause = clauses.get(c);
                int[] actors = actorsIn(toks, clause[0], clause[1]);
                int[] subjects = new int[actors.length];
                int count = 0;
                for (int a : actors) {
                    if (roleOf(toks, clause[0], clause[1], a, hits).kind == Role.SUBJECT) {
                        subjects[count++] = a;
                    }
                }
                actorsIn[c] = actors;
                subjectsIn[c] = Arrays.copyOf(subjects, count);
            }
            return new ClauseActors(actorsIn, subjectsIn);
        }
    }

    /** The token ranges an actor is judged on in a sentence naming several actors. */
    private static List<int[]> rangesFor(int actor, Tok[] toks, List<int[]> clauses, List<Hit> hits,
            ClauseActors info) {
        int n = clauses.size();
        int[][] actorsIn = info.named;
        int[][] subjectsIn = info.subjects;
        List<int[]> ranges = new ArrayList<>();
        boolean named = false;
        for (int[] in : actorsIn) {
            named |= contains(in, actor);
        }
        for (int c = 0; c < n; c++) {
            int[] clause = clauses.get(c);
            if (!named) {
                // carried by a pronoun: every clause where no named actor is the subject
                if (subjectsIn[c].length == 0) {
                    ranges.add(clause);
                }
            } else if (contains(actorsIn[c], actor)) {
                boolean otherSubject = subjectsIn[c].length > (contains(subjectsIn[c], actor) ? 1 : 0);
                if (otherSubject) {
                    List<int[]> segments = cleanSegments(actor, toks, clause, hits);
                    if (!segments.isEmpty()) {
                        ranges.addAll(segments);
                        continue;
                    }
                }
                ranges.add(clause);
            } else if (actorsIn[c].length == 0 && hasHit(hits, clause[0], clause[1])
                    && attachedActor(c, actorsIn, subjectsIn) == actor) {
                ranges.add(clause);
            }
        }
        return ranges;
    }

    /** The single subject of the nearest clause with actors before (else after) clause c, or -1. */
    private static int attachedActor(int c, int[][] actorsIn, int[][] subjectsIn) {
        for (int p = c - 1; p >= 0; p--) {
            if (actorsIn[p].length > 0) {
                return subjectsIn[p].length == 1 ? subjectsIn[p][0] : -1;
            }
        }
        for (int p = c + 1; p < actorsIn.length; p++) {
            if (actorsIn[p].length > 0) {
                return subjectsIn[p].length == 1 ? subjectsIn[p][0] : -1;
            }
        }
        return -1;
    }

    /**
     * Comma-separated parts of a clause holding the actor, no other actor as subject, and either sentiment or a
     * predicate of their own ("…, and Initech is a newer entrant").
     */
    private static List<int[]> cleanSegments(int actor, Tok[] toks, int[] clause, List<Hit> hits) {
        List<int[]> segments = new ArrayList<>();
        int start = clause[0];
        for (int i = clause[0]; i <= clause[1]; i++) {
            if (i == clause[1] || toks[i].kind == Tok.COMMA) {
                if (i > start) {
                    int[] actors = actorsIn(toks, start, i);
                    if (contains(actors, actor) && (hasHit(hits, start, i) || predicateWords(toks, start, i) >= 3)) {
                        boolean clean = true;
                        for (int other : actors) {
                            if (other != actor && roleOf(toks, start, i, other, hits).kind == Role.SUBJECT) {
                                clean = false;
                                break;
                            }
                        }
                        if (clean) {
                            segments.add(new int[] {start, i});
                        }
                    }
                }
                start = i + 1;
            }
        }
        return segments;
    }

    /** Words other than actor names and connectors ("and", "or"): a part with three has a predicate of its own. */
    private static int predicateWords(Tok[] toks, int from, int to) {
        int words = 0;
        for (int i = from; i < to; i++) {
            if (toks[i].kind == Tok.WORD && toks[i].actor < 0 && !toks[i].is(Words.CONNECTOR)) {
                words++;
            }
        }
        return words;
    }

    /** The actors named in tokens [from, to), each once, in order. */
    private static int[] actorsIn(Tok[] toks, int from, int to) {
        int[] actors = NONE;
        int count = 0;
        for (int i = from; i < to; i++) {
            int a = toks[i].actor;
            if (a >= 0 && !contains(actors, count, a)) {
                if (count == actors.length) {
                    actors = Arrays.copyOf(actors, count + 4);
                }
                actors[count++] = a;
            }
        }
        return count == actors.length ? actors : Arrays.copyOf(actors, count);
    }

    private static boolean hasHit(List<Hit> hits, int from, int to) {
        for (Hit hit : hits) {
            if (hit.first >= from && hit.first < to) {
                return true;
            }
        }
        return false;
    }

    /**
     * How an actor relates to the sentiment of a token range: the subject (any occurrence not compared against),
     * the target of "than" or of a verb such as "outperforms" (only the comparative phrase or the verb counts,
     * inverted) or of "unlike", "compared to" and the like (everything inverted). An actor without occurrences in the range (continuation) is the subject.
     */
    private static Role roleOf(Tok[] toks, int from, int to, int actor, List<Hit> hits) {
        Role firstTarget = null;
        for (int k = from; k < to; k++) {
            if (toks[k].actor != actor || (k > from && toks[k - 1].actor == actor)) {
                continue;
            }
            int p = k - 1;
            int skipped = 0;
            while (p >= from && skipped < 2 && toks[p].kind == Tok.WORD && toks[p].is(Words.ARTICLE)) {
                p--;
                skipped++;
            }
            Role role = Role.SUBJECT_ROLE;
            if (p >= from && toks[p].kind == Tok.WORD && toks[p].is(Words.THAN_WORD)
                    && hitEndsWithin(hits, Math.max(from, p - 4), p)) {
                role = new Role(Role.THAN, p);
            } else if (p >= from && toks[p].kind == Tok.WORD && toks[p].is(Words.OUTDOING_VERB)
                    && hitEndsWithin(hits, p, p + 1)) {
                role = new Role(Role.THAN, p + 1); // "Nothing beats Acme": only the verb counts, inverted
            } else if (p >= from && Words.unlikeEndsAt(toks, p, from)) {
                role = new Role(Role.UNLIKE, -1);
            } else if (afterPreposition(toks, from, k) && otherActorBefore(toks, from, k, actor)) {
                role = Role.OBJECT_ROLE; // "Pineapple offers distribution to Apple and Spotify"
            }
            if (role.kind == Role.SUBJECT) {
                return role;
            }
            if (firstTarget == null) {
                firstTarget = role;
            }
        }
        return firstTarget != null ? firstTarget : Role.SUBJECT_ROLE;
    }

    /**
     * Whether the actor occurrence at token k is the object of a preposition ("to", "with"...), possibly through a
     * coordination ("to Apple and Spotify").
     */
    private static boolean afterPreposition(Tok[] toks, int from, int k) {
        int next = k;
        while (next < toks.length && toks[next].actor == toks[k].actor) {
            next++;
        }
        // a comma before the actor only continues a list when the list goes on after it ("to A, B and C")
        boolean inList = next < toks.length && ((toks[next].kind == Tok.COMMA && toks[next].w.equals(","))
                || (toks[next].kind == Tok.WORD && toks[next].is(Words.CONNECTOR)));
        for (int p = k - 1; p >= from; p--) {
            Tok t = toks[p];
            if (t.actor >= 0 || (inList && t.kind == Tok.COMMA && t.w.equals(","))) {
                continue;
            }
            if (t.kind != Tok.WORD) {
                return false;
            }
            if (t.is(Words.CONNECTOR | Words.ARTICLE)) {
                continue;
            }
            return t.is(Words.PREPOSITION);
        }
        return false;
    }

    private static boolean otherActorBefore(Tok[] toks, int from, int k, int actor) {
        for (int p = from; p < k; p++) {
            if (toks[p].actor >= 0 && toks[p].actor != actor) {
                return true;
            }
        }
        return false;
    }

    private static boolean hitEndsWithin(List<Hit> hits, int from, int to) {
        for (Hit hit : hits) {
            if (hit.last >= from && hit.last < to) {
                return true;
            }
        }
        return false;
    }

    /**
     * Token ranges between contrast markers (the markers themselves belong to no clause); the markers go to
     * {@code markers} as {position, length, kind} when it is not null.
     */
    private static List<int[]> clauses(Tok[] toks, List<int[]> markers, String language) {
        List<int[]> clauses = new ArrayList<>(2);
        int start = 0;
        int i = 0;
        boolean actorSeen = false;
        while (i < toks.length) {
            Tok t = toks[i];
            int marker = 0;
            int kind = Words.MARK_NEUTRAL;
            if (t.kind == Tok.CONTRAST) {
                marker = 1;
            } else if (t.kind == Tok.COMMA && t.w.equals(",") && !actorSeen && i > start
                    && actorOpensPart(toks, i + 1)) {
                marker = 1; // "... is thorough but hard to navigate, and Initech ...": the part before the comma
            } else if (t.kind == Tok.WORD && t.actor < 0) {
                marker = Words.contrastAt(toks, i, language);
                if (marker > 0) {
                    kind = Words.markerKind(toks, i, marker);
                }
            }
            if (marker > 0) {
                if (i > start) {
                    clauses.add(new int[] {start, i});
                }
                if (markers != null) {
                    markers.add(new int[] {i, marker, kind});
                }
                i += marker;
                start = i;
                actorSeen = false;
            } else {
                actorSeen |= t.actor >= 0;
                i++;
            }
        }
        if (toks.length > start) {
            clauses.add(new int[] {start, toks.length});
        }
        return clauses;
    }

    /** Whether an actor opens the part starting at token i, after connectors and articles ("and the Acme app"). */
    private static boolean actorOpensPart(Tok[] toks, int i) {
        for (int k = i; k < toks.length; k++) {
            Tok t = toks[k];
            if (t.actor >= 0) {
                return true;
            }
            if (t.kind != Tok.WORD || !t.is(Words.CONNECTOR | Words.ARTICLE)) {
                return false;
            }
        }
        return false;
    }

    private static boolean allCaps(Tok[] toks) {
        int words = 0;
        for (Tok t : toks) {
            if (t.kind == Tok.WORD && t.actor < 0 && !t.number && t.w.length() > 1) {
                if (!t.caps) {
                    return false;
                }
                words++;
            }
        }
        return words > 0;
    }

    private static boolean endsWithQuestion(String body, int start, int end) {
        int i = end - 1;
        while (i >= start && "*_)\"' ”’".indexOf(body.charAt(i)) >= 0) {
            i--;
        }
        return i >= start && (body.charAt(i) == '?');
    }

    private static void findHits(Tok[] toks, int from, int to, Lexicon lexicon, boolean allCaps, List<Hit> out) {
        int clauseFirstHit = out.size();
        int i = from;
        while (i < to) {
            Tok t = toks[i];
            if (t.kind != Tok.WORD || t.actor >= 0) {
                i++;
                continue;
            }
            Entry entry = lexicon.match(toks, i, to);
            if (entry == null) {
                i++;
                continue;
            }
            int length = entry.words.length;
            if (entry.weight == 0) {
                i += length;
                continue;
            }
            if (length == 1 && t.is(Words.INTENSIFIER) && i + 1 < to && toks[i + 1].kind == Tok.WORD
                    && toks[i + 1].actor < 0) {
                Entry next = lexicon.match(toks, i + 1, to);
                if (next != null && next.weight != 0) {
                    i++; // "super fast": an intensifier, not a sentiment word of its own
                    continue;
                }
            }
            Hit previous = out.size() > clauseFirstHit ? out.get(out.size() - 1) : null;
            out.add(modify(toks, i, length, from, to, entry.weight, allCaps, previous));
            i += length;
        }
    }

    private static Hit modify(Tok[] toks, int i, int length, int from, int to, double base, boolean allCaps,
            Hit previous) {
        double scale = 1.0;
        boolean negated = false;
        boolean intensified = false;
        boolean dampened = false;
        boolean adjacentModifiers = true;
        for (int j = i - 1; j >= from && j >= i - 3; j--) {
            Tok x = toks[j];
            if (x.kind != Tok.WORD) {
                break;
            }
            if (previous != null && j <= previous.last) {
                // "lacks good docs": a negating sentiment word; "not fast or reliable": a shared negation
                if ((j == previous.last && Words.isNegatorAt(toks, j, from))
                        || (previous.negated && Words.onlyConnectors(toks, previous.last + 1, i))) {
                    negated = true;
                }
                break;
            }
            if (x.actor >= 0) {
                adjacentModifiers = false;
                continue;
            }
            int modifier = adjacentModifiers ? Words.modifierAt(toks, j, from) : 0;
            if (modifier > 0 && !intensified) {
                scale *= INTENSIFIER;
                intensified = true;
                continue;
            }
            if (modifier < 0 && !dampened) {
                scale *= DAMPENER;
                dampened = true;
                continue;
            }
            adjacentModifiers = false;
            if (!negated && (Words.isNegatorAt(toks, j, from) || (j == i - 1 && x.is(Words.FLIPPER)))) {
                negated = true;
            }
        }
        double weight = base * scale;
        if (Words.requirementBefore(toks, i, from)) {
            return new Hit(i, i + length - 1, 0.0, false); // "for teams that need reliable backups": a wish
        }
        int after = i + length;
        if (!negated && after < to && toks[after].kind == Tok.WORD && toks[after].is(Words.POST_NEGATOR)
                && (after + 1 >= to || toks[after + 1].kind != Tok.WORD)) {
            negated = true; // German: "Acme überzeugt nicht."
        }
        if (negated) {
            weight *= NEGATION;
        }
        if (!allCaps) {
            for (int k = i; k < after; k++) {
                if (toks[k].caps) {
                    weight *= CAPS;
                    break;
                }
            }
        }
        if (weight < 0) {
            for (int j = Math.max(from, i - 6); j < i; j++) {
                if (toks[j].kind == Tok.WORD && toks[j].is(Words.REPORTING_VERB)) {
                    weight *= REPORTED;
                    break;
                }
            }
        }
        return new Hit(i, after - 1, weight, negated);
    }

    private void collectTopics(Tok[] toks, int from, int to, Set<String> topics) {
        int i = from;
        while (i < to && topics.size() < MAX_TOPICS) {
            Tok t = toks[i];
            if (t.kind != Tok.WORD || t.actor >= 0) {
                i++;
                continue;
            }
            Entry entry = aspects.match(toks, i, to);
            if (entry == null) {
                i++;
                continue;
            }
            topics.add(entry.topic);
            i += entry.words.length;
        }
    }

    /**
     * The first sentence naming the actor that says something about it: headings and lines holding little more
     * than the name ("2. **Globex**") are passed over for a later mention sentence, else for the first sentence of
     * its section ("### Initech" then "A newer entrant.").
     */
    private static int firstTelling(int actor, int firstMention, Acc acc, Doc doc) {
        if (firstMention < 0) {
            return -1;
        }
        Segmentation seg = doc.seg;
        int[][] direct = doc.direct;
        int block = 0;
        for (int s = firstMention; s < direct.length; s++) {
            while (seg.blocks.get(block).endSentence <= s) {
                block++;
            }
            if (seg.blocks.get(block).kind != Kind.HEADING && contains(direct[s], actor)
                    && tells(doc.tokensIfMade(s))) {
                return s;
            }
        }
        for (int s : acc.sentences) {
            if (s > firstMention && tells(doc.tokensIfMade(s))) {
                return s;
            }
        }
        return firstMention;
    }

    private static boolean tells(Tok[] toks) {
        int words = 0;
        if (toks != null) {
            for (Tok t : toks) {
                if (t.kind == Tok.WORD && t.actor < 0 && !t.number) {
                    words++;
                }
            }
        }
        return words >= 2;
    }

    /** The sentence contributing most in the direction of the verdict (the earliest on a tie). */
    private static int strongest(Acc acc, int firstMention) {
        int best = -1;
        double bestValue = 0;
        for (int k = 0; k < acc.sentences.size(); k++) {
            double value = acc.contributions.get(k) * Math.signum(acc.total);
            if (value > bestValue) {
                bestValue = value;
                best = acc.sentences.get(k);
            }
        }
        return best >= 0 ? best : firstMention;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Comment

    static String cleanComment(String sentence) {
        String s = sentence.strip();
        if (s.isEmpty()) {
            return s;
        }
        if (s.startsWith("|")) {
            s = s.substring(1);
            if (s.endsWith("|")) {
                s = s.substring(0, s.length() - 1);
            }
            s = spacePipes(s.strip());
        }
        if ("#>-*+•0123456789 ".indexOf(s.charAt(0)) >= 0) {
            s = stripMarkers(s);
        }
        if (s.contains("](")) {
            s = unlink(s);
        }
        s = s.replace("**", "").replace("__", "");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) && (c != ' ' || (i + 1 < s.length() && Character.isWhitespace(s.charAt(i + 1))))) {
                s = collapseSpaces(s);
                break;
            }
        }
        s = s.strip();
        if (s.length() > MAX_COMMENT_LENGTH) {
            int cut = s.lastIndexOf(' ', MAX_COMMENT_LENGTH - 1);
            if (cut < MAX_COMMENT_LENGTH / 2) {
                cut = MAX_COMMENT_LENGTH - 1;
            }
            String head = s.substring(0, cut).stripTrailing();
            int end = head.length();
            while (end > 0 && ",;:–—-(".indexOf(head.charAt(end - 1)) >= 0) {
                end--;
            }
            s = head.substring(0, end).stripTrailing() + "…";
        }
        return s;
    }

    // The edits below are written out rather than done with regular expressions (they run for every actor of
    // every answer); "white space" is what \s means there: space, \t, \n, \u000B, \f and \r.

    private static boolean isSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** Each '|' with the white space around it becomes " | " (as {@code \s*\|\s*} replaced by " | "). */
    private static String spacePipes(String s) {
        int n = s.length();
        StringBuilder b = new StringBuilder(n + 8);
        int i = 0;
        while (i < n) {
            int j = skipSpaces(s, i);
            if (j < n && s.charAt(j) == '|') {
                b.append(" | ");
                i = skipSpaces(s, j + 1);
            } else if (j > i) {
                b.append(s, i, j); // white space before something else than a pipe stays
                i = j;
            } else {
                b.append(s.charAt(i));
                i++;
            }
        }
        return b.toString();
    }

    /**
     * Without the markdown markers it opens with: headings, quotes, bullets and numbers, each with the white space
     * around it (as {@code ^(?:\s*(?:#{1,6}\s+|>\s*|[-*+•]\s+|\d{1,3}[.)]\s+))+} removed).
     */
    private static String stripMarkers(String s) {
        int end = 0;
        for (int next = markerEnd(s, skipSpaces(s, 0)); next >= 0; next = markerEnd(s, skipSpaces(s, end))) {
            end = next;
        }
        return end == 0 ? s : s.substring(end);
    }

    /** The end of the marker at i and of the white space after it, or -1 when no marker starts at i. */
    private static int markerEnd(String s, int i) {
        int n = s.length();
        if (i >= n) {
            return -1;
        }
        char c = s.charAt(i);
        if (c == '>') {
            return skipSpaces(s, i + 1);
        }
        int after;
        if (c == '-' || c == '*' || c == '+' || c == '•') {
            after = i + 1;
        } else if (c == '#') {
            after = i;
            while (after < n && s.charAt(after) == '#') {
                after++;
            }
            if (after - i > 6) {
                return -1;
            }
        } else if (c >= '0' && c <= '9') {
            after = i;
            while (after < n && s.charAt(after) >= '0' && s.charAt(after) <= '9') {
                after++;
            }
            if (after - i > 3 || after >= n || (s.charAt(after) != '.' && s.charAt(after) != ')')) {
                return -1;
            }
            after++;
        } else {
            return -1;
        }
        int end = skipSpaces(s, after);
        return end > after ? end : -1; // these markers need white space after them
    }

    /** Markdown links replaced by their text (as {@code \[([^\]]*)\]\([^)]*\)} replaced by its first group). */
    private static String unlink(String s) {
        int n = s.length();
        StringBuilder b = new StringBuilder(n);
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '[') {
                int close = s.indexOf(']', i + 1);
                int end = close >= 0 && close + 1 < n && s.charAt(close + 1) == '(' ? s.indexOf(')', close + 2) : -1;
                if (end >= 0) {
                    b.append(s, i + 1, close);
                    i = end + 1;
                    continue;
                }
            }
            b.append(c);
            i++;
        }
        return b.toString();
    }

    /** Each run of white space as one space (as {@code \s+} replaced by " "). */
    private static String collapseSpaces(String s) {
        int n = s.length();
        StringBuilder b = new StringBuilder(n);
        int i = 0;
        while (i < n) {
            int j = skipSpaces(s, i);
            if (j > i) {
                b.append(' ');
                i = j;
            } else {
                b.append(s.charAt(i));
                i++;
            }
        }
        return b.toString();
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && isSpace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Language

    /** The index in {@link #LANGUAGES} with most stop words among the first 250 words (English on a tie). */
    private static int detectLanguage(char[] text) {
        int[] counts = new int[LANGUAGES.size()];
        int limit = Math.min(text.length, 3000);
        char[] word = new char[12];
        int length = 0;
        int words = 0;
        for (int i = 0; i <= limit && words < 250; i++) {
            char c = i < limit ? text[i] : ' ';
            // ASCII without the Unicode tables: letters are A-Z and a-z, lower-casing maps A-Z only
            boolean letter = c < 128 ? (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') : Character.isLetter(c);
            if (letter) {
                if (length < word.length) {
                    word[length] = c < 128 ? (c >= 'A' && c <= 'Z' ? (char) (c + 32) : c) : Character.toLowerCase(c);
                }
                length++;
            } else if (length > 0) {
                if (length <= word.length) {
                    int slot = Words.STOP_WORDS.slot(word, 0, length);
                    if (slot >= 0) {
                        counts[Words.STOP_WORDS.value(slot)]++;
                    }
                }
                words++;
                length = 0;
            }
        }
        int best = 0;
        for (int l = 1; l < counts.length; l++) {
            if (counts[l] > counts[best]) {
                best = l;
            }
        }
        return best;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Segmentation into blocks (lines) and sentences

    private enum Kind { TEXT, LIST, HEADING, TABLE }

    private record Block(Kind kind, int start, int indent, int level, boolean blankBefore, int firstSentence,
            int endSentence) {
    }

    private static final Set<String> ABBREVIATIONS = Set.of("e.g", "i.e", "vs", "inc", "ltd", "co", "corp", "llc",
            "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "no", "nos", "nr", "approx", "incl", "dept",
            "fig", "cf", "al", "u.s", "u.k", "e.u", "a.k.a", "p.ex", "z.b", "d.h", "bzw", "ca", "vgl", "sra", "av",
            "vol", "pp", "ft", "jan", "feb", "mar", "apr", "jun",
            "jul", "aug", "sep", "sept", "oct", "nov", "dec");

    private static final class Segmentation {
        final List<Block> blocks = new ArrayList<>();
        /** The characters of the text (read far more cheaply than through String.charAt). */
        final char[] chars;
        private int[] starts = new int[16];
        private int[] ends = new int[16];
        private int count;

        int sentenceCount() {
            return count;
        }

        int sentenceStart(int s) {
            return starts[s];
        }

        int sentenceEnd(int s) {
            return ends[s];
        }

        /** The sentence holding character {@code offset}, or -1. */
        int sentenceAt(int offset) {
            int lo = 0;
            int hi = count - 1;
            int found = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (starts[mid] <= offset) {
                    found = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found >= 0 && offset < ends[found] ? found : -1;
        }

        private void add(char[] text, int start, int end) {
            while (start < end && Character.isWhitespace(text[start])) {
                start++;
            }
            while (end > start && Character.isWhitespace(text[end - 1])) {
                end--;
            }
            boolean content = false;
            for (int i = start; i < end && !content; i++) {
                content = Character.isLetterOrDigit(text[i]);
            }
            if (!content) {
                return;
            }
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
                ends = Arrays.copyOf(ends, count * 2);
            }
            starts[count] = start;
            ends[count] = end;
            count++;
        }

        private Segmentation(char[] chars) {
            this.chars = chars;
        }

        static Segmentation of(String body) {
            char[] text = body.toCharArray();
            Segmentation seg = new Segmentation(text);
            int n = text.length;
            int pos = 0;
            boolean blank = false;
            while (pos < n) {
                int eol = body.indexOf('\n', pos);
                if (eol < 0) {
                    eol = n;
                }
                int lineEnd = eol;
                while (lineEnd > pos && Character.isWhitespace(text[lineEnd - 1])) {
                    lineEnd--;
                }
                int cs = pos;
                int indent = 0;
                while (cs < lineEnd && (text[cs] == ' ' || text[cs] == '\t')) {
                    indent += text[cs] == '\t' ? 4 : 1;
                    cs++;
                }
                while (cs < lineEnd && text[cs] == '>') {
                    cs++;
                    while (cs < lineEnd && text[cs] == ' ') {
                        cs++;
                    }
                }
                pos = eol + 1;
                if (cs >= lineEnd) {
                    blank = true;
                    continue;
                }
                char c = text[cs];
                Kind kind = Kind.TEXT;
                int level = 0;
                int contentStart = cs;
                if (c == '|') {
                    if (isTableSeparator(text, cs, lineEnd)) {
                        continue;
                    }
                    kind = Kind.TABLE;
                } else if (c == '#') {
                    int h = cs;
                    while (h < lineEnd && text[h] == '#') {
                        h++;
                    }
                    if (h - cs <= 6 && (h == lineEnd || text[h] == ' ' || text[h] == '\t')) {
                        kind = Kind.HEADING;
                        level = h - cs;
                        contentStart = h;
                    }
                } else if (isRule(text, cs, lineEnd)) {
                    blank = true;
                    continue;
                } else {
                    int marker = listMarkerEnd(text, cs, lineEnd);
                    if (marker > 0) {
                        kind = Kind.LIST;
                        contentStart = marker;
                    }
                }
                int first = seg.count;
                if (kind == Kind.TABLE || kind == Kind.HEADING) {
                    seg.add(text, contentStart, lineEnd);
                } else {
                    splitSentences(seg, text, contentStart, lineEnd);
                }
                if (seg.count > first) {
                    seg.blocks.add(new Block(kind, cs, indent, level, blank, first, seg.count));
                    blank = false;
                }
            }
            return seg;
        }

        private static boolean isTableSeparator(char[] text, int from, int to) {
            boolean dash = false;
            for (int i = from; i < to; i++) {
                char c = text[i];
                if (c == '-') {
                    dash = true;
                } else if (c != '|' && c != ':' && c != ' ' && c != '\t') {
                    return false;
                }
            }
            return dash;
        }

        private static boolean isRule(char[] text, int from, int to) {
            char c = text[from];
            if (c != '-' && c != '*' && c != '_') {
                return false;
            }
            int marks = 0;
            for (int i = from; i < to; i++) {
                char d = text[i];
                if (d == c) {
                    marks++;
                } else if (d != ' ' && d != '\t') {
                    return false;
                }
            }
            return marks >= 3;
        }

        /** Where the content of a list item starts, or -1 when the line is no list item. */
        private static int listMarkerEnd(char[] text, int from, int to) {
            char c = text[from];
            int i;
            if (c == '-' || c == '*' || c == '+' || c == '•' || c == '·') {
                i = from + 1;
            } else if (Character.isDigit(c)) {
                i = from;
                while (i < to && i - from < 3 && Character.isDigit(text[i])) {
                    i++;
                }
                if (i >= to || (text[i] != '.' && text[i] != ')')) {
                    return -1;
                }
                i++;
            } else {
                return -1;
            }
            if (i < to && text[i] != ' ' && text[i] != '\t') {
                return -1;
            }
            while (i < to && (text[i] == ' ' || text[i] == '\t')) {
                i++;
            }
            return i;
        }

        private static void splitSentences(Segmentation seg, char[] text, int from, int to) {
            int start = from;
            int i = from;
            while (i < to) {
                char c = text[i];
                if (c != '.' && c != '!' && c != '?' && c != '…') {
                    i++;
                    continue;
                }
                int j = i + 1;
                boolean onlyDots = c == '.';
                while (j < to && isSentenceEndMark(text[j])) {
                    char d = text[j];
                    if (d == '!' || d == '?' || d == '…') {
                        onlyDots = false;
                    }
                    j++;
                }
                if (j >= to) {
                    break;
                }
                if (!Character.isWhitespace(text[j])) {
                    i = j;
                    continue;
                }
                int k = j;
                while (k < to && Character.isWhitespace(text[k])) {
                    k++;
                }
                if (k >= to) {
                    break;
                }
                if (Character.isLowerCase(text[k]) || (onlyDots && c == '.' && isAbbreviation(text, from, i))) {
                    i = k;
                    continue;
                }
                seg.add(text, start, j);
                start = k;
                i = k;
            }
            seg.add(text, start, to);
        }

        /** Characters that may follow a sentence's final punctuation before the space: more of it, closers... */
        private static boolean isSentenceEndMark(char c) {
            return switch (c) {
                case '.', '!', '?', '…', ')', ']', '"', '\'', '”', '’', '*', '_' -> true;
                default -> false;
            };
        }

        /** Whether the word ending at the dot at {@code dot} is an abbreviation or an initial. */
        private static boolean isAbbreviation(char[] text, int from, int dot) {
            int s = dot;
            while (s > from && (Character.isLetter(text[s - 1]) || text[s - 1] == '.')) {
                s--;
            }
            if (s == dot) {
                return false;
            }
            String word = new String(text, s, dot - s).toLowerCase(Locale.ROOT);
            if (word.length() == 1) {
                return true;
            }
            return ABBREVIATIONS.contains(word) || (word.indexOf('.') > 0 && word.length() <= 5);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Tokens

    private static final class Tok {
        static final byte WORD = 0;
        static final byte BARRIER = 1;
        static final byte COMMA = 2;
        static final byte EXCLAIM = 3;
        static final byte CONTRAST = 4;

        final String w;
        final int start;
        final int end;
        final byte kind;
        final boolean caps;
        final boolean number;
        /** The word lists holding {@link #w} ({@link Words} class bits); 0 outside analysis. */
        final int classes;
        int actor = -1;

        Tok(String w, int start, int end, byte kind, boolean caps, boolean number, int classes) {
            this.w = w;
            this.start = start;
            this.end = end;
            this.kind = kind;
            this.caps = caps;
            this.number = number;
            this.classes = classes;
        }

        /** Whether a word list of the class ({@code Words.NEGATOR}...) holds this token's word. */
        boolean is(int wordClass) {
            return (classes & wordClass) != 0;
        }
    }

    private static final Set<String> ELISIONS = Set.of("l", "d", "n", "j", "s", "c", "m", "t", "qu", "jusqu",
            "lorsqu", "puisqu");

    /**
     * The tokens of {@code s[from, to)}. With a vocabulary (during analysis, not while the word lists are built),
     * each token gets its word classes, and a word the vocabulary holds its string.
     */
    static List<Tok> tokenize(char[] s, int from, int to, CharTable vocabulary) {
        List<Tok> out = new ArrayList<>((to - from) / 3 + 4); // words take five characters or so: rarely grows
        char[] lower = new char[to - from];
        int i = from;
        while (i < to) {
            char c = s[i];
            if (isLetterOrDigit(c)) {
                int start = i++;
                while (i < to) {
                    char d = s[i];
                    if (isLetterOrDigit(d) || (d >= 128 && Character.getType(d) == Character.NON_SPACING_MARK)) {
                        i++;
                    } else if (isApostrophe(d) && i + 1 < to && Character.isLetter(s[i + 1])) {
                        i++;
                    } else if ((d == '.' || d == ',') && i + 1 < to && Character.isDigit(s[i + 1])
                            && Character.isDigit(s[i - 1])) {
                        i++;
                    } else {
                        break;
                    }
                }
                if (!addAsciiWord(out, s, start, i, lower, vocabulary)) {
                    addWord(out, new String(s, start, i - start), start, i, vocabulary);
                }
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            byte kind;
            switch (c) {
                case '!' -> kind = Tok.EXCLAIM;
                case ';', '—' -> kind = Tok.CONTRAST;
                case '–', '-' -> {
                    boolean spacedBefore = i == from || Character.isWhitespace(s[i - 1]);
                    boolean spacedAfter = i + 1 >= to || Character.isWhitespace(s[i + 1]);
                    kind = spacedBefore && spacedAfter ? Tok.CONTRAST : -1;
                }
                case ',', ':', '|' -> kind = Tok.COMMA;
                case '.', '?', '(', ')', '…', '{', '}', '<', '>', '=' -> kind = Tok.BARRIER;
                default -> kind = -1;
            }
            if (kind >= 0) {
                String w = String.valueOf(c);
                out.add(new Tok(w, i, i + 1, kind, false, false, classesOf(w, vocabulary)));
            }
            i++;
        }
        return out;
    }

    /**
     * Adds the word {@code s[start, end)} when it is plain ASCII (letters, digits, digit separators: most words),
     * whose normal form is its lower-case form: no accents to strip, no apostrophe for an elision or a possessive.
     * Looked up in the vocabulary from the characters, so that known words need no string of their own. False,
     * adding nothing, for any other word.
     */
    private static boolean addAsciiWord(List<Tok> out, char[] s, int start, int end, char[] lower,
            CharTable vocabulary) {
        int letters = 0;
        boolean upper = true;
        int length = end - start;
        for (int k = 0; k < length; k++) {
            char c = s[start + k];
            if (c >= 128 || c == '\'') {
                return false;
            }
            if (c >= 'A' && c <= 'Z') {
                letters++;
                c += 'a' - 'A';
            } else if (c >= 'a' && c <= 'z') {
                letters++;
                upper = false;
            }
            lower[k] = c;
        }
        int slot = vocabulary == null ? -1 : vocabulary.slot(lower, 0, length);
        String w = slot >= 0 ? vocabulary.key(slot) : new String(lower, 0, length);
        int classes = slot >= 0 ? vocabulary.value(slot) : 0;
        boolean number = s[start] >= '0' && s[start] <= '9';
        out.add(new Tok(w, start, end, Tok.WORD, letters >= 2 && upper, number, classes));
        return true;
    }

    private static int classesOf(String w, CharTable vocabulary) {
        return vocabulary == null ? 0 : vocabulary.valueOf(w, 0);
    }

    /** {@link Character#isLetterOrDigit(char)}, answered without the Unicode tables for ASCII. */
    private static boolean isLetterOrDigit(char c) {
        if (c < 128) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        }
        return Character.isLetterOrDigit(c);
    }

    private static boolean isApostrophe(char c) {
        return c == '\'' || c == '’' || c == '‘' || c == 'ʼ' || c == '´';
    }

    private static void addWord(List<Tok> out, String raw, int start, int end, CharTable vocabulary) {
        String w = normalize(raw);
        boolean number = Character.isDigit(raw.charAt(0));
        int letters = 0;
        boolean upper = true;
        for (int k = 0; k < raw.length(); k++) {
            char c = raw.charAt(k);
            if (Character.isLetter(c)) {
                letters++;
                if (!Character.isUpperCase(c)) {
                    upper = false;
                }
            }
        }
        boolean caps = letters >= 2 && upper;
        int apostrophe = w.indexOf('\'');
        if (apostrophe > 0 && apostrophe < w.length() - 1 && ELISIONS.contains(w.substring(0, apostrophe))) {
            int rawApostrophe = start;
            while (rawApostrophe < end && !isApostrophe(raw.charAt(rawApostrophe - start))) {
                rawApostrophe++;
            }
            String elided = w.substring(0, apostrophe);
            out.add(new Tok(elided, start, rawApostrophe, Tok.WORD, false, false, classesOf(elided, vocabulary)));
            String rest = stripPossessive(w.substring(apostrophe + 1));
            out.add(new Tok(rest, Math.min(end, rawApostrophe + 1), end, Tok.WORD, caps, false,
                    classesOf(rest, vocabulary)));
            return;
        }
        String word = stripPossessive(w);
        out.add(new Tok(word, start, end, Tok.WORD, caps, number, classesOf(word, vocabulary)));
    }

    private static String stripPossessive(String w) {
        return w.length() > 2 && w.endsWith("'s") ? w.substring(0, w.length() - 2) : w;
    }

    static String normalize(String raw) {
        String lower = raw.toLowerCase(Locale.ROOT);
        boolean ascii = true;
        for (int k = 0; k < lower.length() && ascii; k++) {
            ascii = lower.charAt(k) < 128;
        }
        if (ascii) {
            return lower;
        }
        String latin = foldLatin(lower);
        return latin != null ? latin : decompose(lower);
    }

    /**
     * The normal form ({@link #decompose}) of each character below U+0300: Latin letters, IPA and modifier letters.
     * Each of them is a starter that decomposes canonically to a starter and combining marks, so a word made of
     * them (and of typographic apostrophes) normalises character by character, without the Normalizer.
     */
    private static final String[] LATIN_FOLDS = latinFolds();

    private static String[] latinFolds() {
        String[] folds = new String[0x300];
        for (char c = 0; c < folds.length; c++) {
            folds[c] = decompose(String.valueOf(c));
        }
        return folds;
    }

    /** The normal form of a lower-cased word made of characters below U+0300 and apostrophes, else null. */
    private static String foldLatin(String lower) {
        StringBuilder b = new StringBuilder(lower.length());
        for (int k = 0; k < lower.length(); k++) {
            char c = lower.charAt(k);
            if (c < LATIN_FOLDS.length) {
                b.append(LATIN_FOLDS[c]);
            } else if (isApostrophe(c)) {
                b.append('\'');
            } else {
                return null;
            }
        }
        return b.toString();
    }

    /** Canonical decomposition, combining marks dropped, apostrophes as '. */
    private static String decompose(String lower) {
        StringBuilder b = new StringBuilder(lower.length());
        String decomposed = Normalizer.normalize(lower, Normalizer.Form.NFD);
        for (int k = 0; k < decomposed.length(); k++) {
            char c = decomposed.charAt(k);
            if (Character.getType(c) == Character.NON_SPACING_MARK) {
                continue;
            }
            b.append(isApostrophe(c) ? '\'' : c);
        }
        return b.toString();
    }

    /** The words of a phrase as the tokenizer sees them; a lone # stands for any number. */
    static String[] phraseWords(String phrase) {
        List<String> words = new ArrayList<>();
        for (String part : phrase.strip().split("\\s+")) {
            if (part.equals("#")) {
                words.add("#");
                continue;
            }
            for (Tok t : tokenize(part.toCharArray(), 0, part.length(), null)) {
                if (t.kind == Tok.WORD) {
                    words.add(t.w);
                }
            }
        }
        return words.toArray(new String[0]);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Lexicons and phrase matching

    private record Entry(String[] words, double weight, String topic) {
    }

    /** Phrases indexed by their first word (longest first), plus single-word prefixes ("fiable*"). */
    private static class PhraseIndex {
        /** The word class ({@link Words#LEXICON_START} or {@link Words#ASPECT_START}) of the first words. */
        private final int startClass;
        private final Map<String, Entry[]> byFirst;
        private final Map<String, Entry> prefixes;
        private final boolean[] prefixLengths;

        PhraseIndex(int startClass, List<Entry> entries, Map<String, Entry> prefixes) {
            this.startClass = startClass;
            Map<String, List<Entry>> grouped = new LinkedHashMap<>();
            for (Entry e : entries) {
                grouped.computeIfAbsent(e.words[0], k -> new ArrayList<>()).add(e);
            }
            Map<String, Entry[]> index = new HashMap<>();
            for (Map.Entry<String, List<Entry>> g : grouped.entrySet()) {
                List<Entry> list = new ArrayList<>(g.getValue());
                list.sort((x, y) -> Integer.compare(y.words.length, x.words.length));
                index.put(g.getKey(), list.toArray(new Entry[0]));
            }
            this.byFirst = Map.copyOf(index);
            this.prefixes = Map.copyOf(prefixes);
            int longest = 0;
            for (String p : prefixes.keySet()) {
                longest = Math.max(longest, p.length());
            }
            this.prefixLengths = new boolean[longest + 1];
            for (String p : prefixes.keySet()) {
                prefixLengths[p.length()] = true;
            }
        }

        /** The longest phrase starting at token i (within [i, to)), else the longest prefix entry, else null. */
        Entry match(Tok[] toks, int i, int to) {
            Tok first = toks[i];
            Entry[] candidates = first.is(startClass) ? byFirst.get(first.w) : null;
            if (candidates != null) {
                for (Entry e : candidates) {
                    if (matchesAt(toks, i, to, e.words)) {
                        return e;
                    }
                }
            }
            if (!first.number && prefixLengths.length > 1) {
                String w = first.w;
                for (int len = Math.min(w.length(), prefixLengths.length - 1); len >= 2; len--) {
                    if (prefixLengths[len]) {
                        Entry e = prefixes.get(w.substring(0, len));
                        if (e != null) {
                            return e;
                        }
                    }
                }
            }
            return null;
        }

        /** The words phrases may start with. */
        Set<String> firstWords() {
            return byFirst.keySet();
        }

        private static boolean matchesAt(Tok[] toks, int i, int to, String[] words) {
            if (i + words.length > to) {
                return false;
            }
            for (int k = 1; k < words.length; k++) {
                Tok t = toks[i + k];
                if (t.kind != Tok.WORD || t.actor >= 0) {
                    return false;
                }
                if (words[k].equals("#") ? !t.number : !words[k].equals(t.w)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class Lexicon extends PhraseIndex {
        /** The language it was built for (one of {@link #LANGUAGES}). */
        final String language;

        Lexicon(String language, List<Entry> entries, Map<String, Entry> prefixes) {
            super(Words.LEXICON_START, entries, prefixes);
            this.language = language;
        }
    }

    private static final class Defaults {
        static final Map<String, Integer> FILE_SIZES;
        static final Lexicon[] LEXICONS;
        static final PhraseIndex ASPECTS = aspects();

        static {
            Map<String, Map<String, Double>> files = new LinkedHashMap<>();
            Map<String, Integer> sizes = new LinkedHashMap<>();
            for (String language : LANGUAGES) {
                Map<String, Double> entries = read("sentiment/lexicon-" + language + ".tsv");
                files.put(language, entries);
                sizes.put(language, entries.size());
            }
            FILE_SIZES = Collections.unmodifiableMap(sizes);
            LEXICONS = new Lexicon[LANGUAGES.size()];
            for (int l = 0; l < LANGUAGES.size(); l++) {
                Map<String, Double> merged = new LinkedHashMap<>(files.get("en"));
                if (l > 0) {
                    merged.putAll(files.get(LANGUAGES.get(l)));
                }
                LEXICONS[l] = build(LANGUAGES.get(l), merged);
            }
        }

        private static Lexicon build(String language, Map<String, Double> merged) {
            Map<String, Entry> phrases = new LinkedHashMap<>();
            Map<String, Entry> prefixes = new LinkedHashMap<>();
            for (Map.Entry<String, Double> e : merged.entrySet()) {
                String key = e.getKey();
                if (key.endsWith("*")) {
                    String[] words = phraseWords(key.substring(0, key.length() - 1));
                    if (words.length != 1) {
                        throw new IllegalStateException("sentiment lexicon: a prefix entry must be one word: " + key);
                    }
                    prefixes.put(words[0], new Entry(words, e.getValue(), null));
                } else {
                    String[] words = phraseWords(key);
                    if (words.length == 0 || words[0].equals("#")) {
                        throw new IllegalStateException("sentiment lexicon: bad phrase " + key);
                    }
                    phrases.put(String.join(" ", words), new Entry(words, e.getValue(), null));
                }
            }
            return new Lexicon(language, new ArrayList<>(phrases.values()), prefixes);
        }

        private static Map<String, Double> read(String resource) {
            ClassLoader loader = LexiconSentimentAnalyzer.class.getClassLoader();
            try (InputStream in = loader.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("missing sentiment lexicon " + resource);
                }
                Map<String, Double> entries = new LinkedHashMap<>();
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                String line;
                int number = 0;
                while ((line = reader.readLine()) != null) {
                    number++;
                    if (line.isBlank() || line.startsWith("#")) {
                        continue;
                    }
                    int tab = line.indexOf('\t');
                    if (tab <= 0) {
                        throw new IllegalStateException(resource + ":" + number + ": expected phrase<TAB>weight");
                    }
                    String phrase = line.substring(0, tab).strip().toLowerCase(Locale.ROOT);
                    double weight;
                    try {
                        weight = Double.parseDouble(line.substring(tab + 1).strip());
                    } catch (NumberFormatException ex) {
                        throw new IllegalStateException(resource + ":" + number + ": bad weight", ex);
                    }
                    if (!(weight >= -4 && weight <= 4)) {
                        throw new IllegalStateException(resource + ":" + number + ": weight outside [-4, 4]");
                    }
                    if (entries.put(phrase, weight) != null) {
                        throw new IllegalStateException(resource + ":" + number + ": duplicate " + phrase);
                    }
                }
                return entries;
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        }

        private static PhraseIndex aspects() {
            List<Entry> entries = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (String[] aspect : Words.ASPECTS) {
                for (String phrase : aspect[1].split(",")) {
                    String[] words = phraseWords(phrase);
                    if (words.length > 0 && seen.add(String.join(" ", words))) {
                        entries.add(new Entry(words, 0, aspect[0]));
                    }
                }
            }
            return new PhraseIndex(Words.ASPECT_START, entries, Map.of());
        }
    }

    /** The vocabulary of the tokenizer: every word some list holds, with its word classes ({@link Words} bits). */
    private static final class WordClasses {
        static final CharTable TABLE = build();

        private static CharTable build() {
            Map<String, Integer> classes = new HashMap<>();
            add(classes, Words.NEGATOR, Words.NEGATORS);
            add(classes, Words.WEAK_NEGATOR, Words.WEAK_NEGATORS);
            add(classes, Words.INDEFINITE_ARTICLE, Words.INDEFINITE);
            add(classes, Words.NEGATION_EXCEPTION, Words.NEGATION_EXCEPTIONS);
            add(classes, Words.FLIPPER, Words.FLIPPERS);
            add(classes, Words.POST_NEGATOR, Words.POST_NEGATORS);
            add(classes, Words.INTENSIFIER, Words.INTENSIFIERS);
            add(classes, Words.DAMPENER, Words.DAMPENERS);
            add(classes, Words.DAMPENER_PAIR_END, Words.DAMPENER_PAIRS.keySet());
            add(classes, Words.CONNECTOR, Words.CONNECTORS);
            add(classes, Words.REPORTING_VERB, Words.REPORTING);
            add(classes, Words.PREPOSITION, Words.PREPOSITIONS);
            add(classes, Words.REQUIREMENT, Words.REQUIREMENTS);
            add(classes, Words.LABEL_OPENER, Words.LABEL_OPENERS);
            add(classes, Words.THAN_WORD, Words.THAN);
            add(classes, Words.ARTICLE, Words.ARTICLES);
            add(classes, Words.OUTDOING_VERB, Words.OUTDOING);
            add(classes, Words.PRONOUN, Words.PRONOUNS);
            add(classes, Words.OPENER, Words.OPENERS);
            add(classes, Words.CONTRAST_START, Words.contrastStarts());
            add(classes, Words.UNLIKE_END, Words.unlikeEnds());
            for (Lexicon lexicon : Defaults.LEXICONS) {
                add(classes, Words.LEXICON_START, lexicon.firstWords());
            }
            add(classes, Words.ASPECT_START, Defaults.ASPECTS.firstWords());
            return new CharTable(classes);
        }

        private static void add(Map<String, Integer> classes, int wordClass, Set<String> words) {
            for (String w : words) {
                classes.merge(w, wordClass, (x, y) -> x | y);
            }
        }
    }

    /**
     * A read-only map from strings to ints that can also be queried with a range of characters, so that a word is
     * found (and the map's string for it reused) without building a string first. Open addressing, at most a
     * quarter full. A probe reads one compact record per slot (the key's hash, the place of its characters in one
     * shared array, its length and the value) rather than following the key's string.
     */
    private static final class CharTable {
        private static final int HASH = 0;
        private static final int OFFSET = 1;
        private static final int LENGTH = 2; // 0 for an empty slot (keys are never empty)
        private static final int VALUE = 3;
        private static final int RECORD = 4;

        private final String[] keys;
        private final int[] records;
        private final char[] pool;
        private final int mask;

        CharTable(Map<String, Integer> entries) {
            int size = Integer.highestOneBit(Math.max(4, entries.size() * 4) - 1) << 1;
            keys = new String[size];
            records = new int[size * RECORD];
            mask = size - 1;
            StringBuilder chars = new StringBuilder();
            entries.forEach((key, value) -> {
                if (key.isEmpty()) {
                    throw new IllegalArgumentException("empty key");
                }
                char[] k = key.toCharArray();
                int hash = hash(k, 0, k.length);
                int slot = hash & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = key;
                int r = slot * RECORD;
                records[r + HASH] = hash;
                records[r + OFFSET] = chars.length();
                records[r + LENGTH] = key.length();
                records[r + VALUE] = value;
                chars.append(key);
            });
            pool = chars.toString().toCharArray();
        }

        /** The slot of the key equal to {@code chars[from, to)}, or -1 when there is none. */
        int slot(char[] chars, int from, int to) {
            int hash = hash(chars, from, to);
            for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
                int r = slot * RECORD;
                int length = records[r + LENGTH];
                if (length == 0) {
                    return -1;
                }
                if (records[r + HASH] == hash && length == to - from
                        && sameChars(chars, from, to, records[r + OFFSET])) {
                    return slot;
                }
            }
        }

        String key(int slot) {
            return keys[slot];
        }

        int value(int slot) {
            return records[slot * RECORD + VALUE];
        }

        /** The value of a key, or {@code absent}. */
        int valueOf(String key, int absent) {
            char[] chars = key.toCharArray();
            int slot = slot(chars, 0, chars.length);
            return slot < 0 ? absent : value(slot);
        }

        private static int hash(char[] chars, int from, int to) {
            int h = 0;
            for (int i = from; i < to; i++) {
                h = 31 * h + chars[i];
            }
            return h ^ (h >>> 16);
        }

        /** Whether {@code chars[from, to)} equals the pool's characters at offset. */
        private boolean sameChars(char[] chars, int from, int to, int offset) {
            for (int i = from; i < to; i++) {
                if (pool[offset + i - from] != chars[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Word lists (rules, not sentiment): negators, modifiers, contrast and comparison markers, aspects, stop words

    private static final class Words {
        // Word classes, one bit per list below: a token gets the classes of its word once, when it is made
        // (WordClasses), so that the rules test a bit instead of looking the word up in list after list.
        static final int NEGATOR = 1;
        static final int WEAK_NEGATOR = 1 << 1;
        static final int INDEFINITE_ARTICLE = 1 << 2;
        static final int NEGATION_EXCEPTION = 1 << 3;
        static final int FLIPPER = 1 << 4;
        static final int POST_NEGATOR = 1 << 5;
        static final int INTENSIFIER = 1 << 6;
        static final int DAMPENER = 1 << 7;
        /** The last word of a two-word dampener ("a bit"). */
        static final int DAMPENER_PAIR_END = 1 << 8;
        static final int CONNECTOR = 1 << 9;
        static final int REPORTING_VERB = 1 << 10;
        static final int PREPOSITION = 1 << 11;
        static final int REQUIREMENT = 1 << 12;
        static final int LABEL_OPENER = 1 << 13;
        static final int THAN_WORD = 1 << 14;
        static final int ARTICLE = 1 << 15;
        static final int OUTDOING_VERB = 1 << 16;
        static final int PRONOUN = 1 << 17;
        static final int OPENER = 1 << 18;
        /** The first word of a contrast marker ("but", "on the other hand"), in any language. */
        static final int CONTRAST_START = 1 << 19;
        /** The last word of a marker such as "unlike" or "compared to". */
        static final int UNLIKE_END = 1 << 20;
        /** The first word of a phrase of some sentiment lexicon. */
        static final int LEXICON_START = 1 << 21;
        /** The first word of an aspect phrase. */
        static final int ASPECT_START = 1 << 22;

        static final Set<String> NEGATORS = normalized("not", "no", "never", "none", "nothing", "neither", "nor",
                "nobody", "nowhere", "without", "hardly", "barely", "rarely", "seldom", "scarcely", "lacks", "lack",
                "lacking", "non", "cannot", "cant", "dont", "doesnt", "isnt", "arent", "wasnt", "werent", "wont",
                "didnt", "hasnt", "havent", "shouldnt", "wouldnt", "couldnt", "aint",
                "ne", "n", "pas", "jamais", "sans", "aucun", "aucune", "ni", "guère", "nullement",
                "nicht", "kein", "keine", "keinen", "keiner", "keinem", "keines", "nie", "niemals", "ohne", "kaum",
                "nunca", "sin", "jamás", "tampoco", "ningún", "ninguna", "ninguno", "apenas",
                "nessun", "nessuno", "nessuna", "senza", "né", "não", "nenhum", "nenhuma", "nem", "jamais",
                "niet", "geen", "nooit", "zonder", "niets");
        /** "peu fiable", "poco fiable", "wenig intuitiv" negate; "un peu", "un poco", "ein wenig" damp. */
        static final Set<String> WEAK_NEGATORS = normalized("peu", "poco", "wenig", "pouco");
        static final Set<String> INDEFINITE = normalized("un", "ein", "a", "um");
        static final Set<String> NEGATION_EXCEPTIONS = normalized("only", "just", "doubt", "wonder", "matter",
                "exception", "question", "surprise", "code", "seulement", "uniquement", "doute", "nur", "zweifel",
                "solo", "sólo", "solamente", "duda", "soltanto", "somente", "alleen", "slechts");
        static final Set<String> FLIPPERS = normalized("less", "fewer", "moins", "weniger", "menos", "meno",
                "minder");
        static final Set<String> POST_NEGATORS = normalized("nicht", "kaum", "nie");
        static final Set<String> INTENSIFIERS = normalized("very", "extremely", "really", "highly", "incredibly",
                "most", "so", "super", "exceptionally", "particularly", "remarkably", "truly", "especially",
                "totally", "absolutely", "genuinely", "seriously", "insanely", "hugely", "immensely", "too", "much",
                "far", "significantly", "considerably", "way", "even", "exceedingly", "amazingly", "ultra",
                "très", "vraiment", "extrêmement", "particulièrement", "trop", "hyper", "si", "tellement",
                "sehr", "äußerst", "extrem", "wirklich", "besonders", "höchst", "total", "viel", "deutlich", "zu",
                "überaus", "muy", "realmente", "extremadamente", "sumamente", "tan", "demasiado", "mucho",
                "altamente", "increíblemente", "especialmente", "súper", "molto", "davvero", "estremamente",
                "particolarmente", "troppo", "veramente", "decisamente", "muito", "muita", "demais", "zeer", "erg",
                "echt", "bijzonder", "enorm", "uiterst");
        static final Set<String> DAMPENERS = normalized("somewhat", "slightly", "fairly", "relatively", "moderately",
                "marginally", "partially", "partly", "mildly", "rather", "reasonably", "kinda", "sorta",
                "assez", "plutôt", "légèrement", "relativement", "etwas", "bisschen", "eher", "relativ",
                "einigermaßen", "algo", "ligeramente", "relativamente", "bastante", "abbastanza", "piuttosto",
                "leggermente", "razoavelmente", "ligeiramente", "vrij", "redelijk", "enigszins", "nogal");
        /** Two-word dampeners, as {last word: first word}. */
        static final Map<String, Set<String>> DAMPENER_PAIRS = Map.ofEntries(
                Map.entry("bit", Set.of("a")), Map.entry("little", Set.of("a")), Map.entry("tad", Set.of("a")),
                Map.entry("of", Set.of("kind", "sort")), Map.entry("peu", Set.of("un")),
                Map.entry("wenig", Set.of("ein")), Map.entry("poco", Set.of("un")), Map.entry("tanto", Set.of("un")),
                Map.entry("po", Set.of("un")), Map.entry("pouco", Set.of("um")), Map.entry("beetje", Set.of("een")));
        static final Set<String> CONNECTORS = normalized("or", "nor", "and", "ou", "ni", "oder", "noch", "und", "o",
                "y", "et", "e", "oppure");
        static final Set<String> REPORTING = normalized("report", "reports", "reported", "reporting", "mention",
                "mentions", "mentioned", "noted", "cite", "cites", "cited", "signalent",
                "signalé", "mentionnent", "berichten", "melden", "reportan", "mencionan", "señalan", "segnalano",
                "riportano", "relatam", "mencionam");
        /** Prepositions whose object, when another actor comes first, is not what the clause judges. */
        static final Set<String> PREPOSITIONS = normalized("to", "with", "into", "via", "from", "on", "onto",
                "across", "alongside", "through", "in", "for", "avec", "sur", "vers", "mit", "auf", "con");
        /** Words after which a sentiment word names what a reader wants, not what an actor is. */
        static final Set<String> REQUIREMENTS = normalized("need", "want", "wants", "require", "seeking",
                "looking", "besoin", "cherchez", "brauchen", "benötigen", "suchen", "necesitas",
                "necesitan", "buscas", "buscan");

        /**
         * Whether a requirement word ("need", "looking for") comes up to four words before token i, passing over
         * a comma right before it ("teams that want fast, reliable sync").
         */
        static boolean requirementBefore(Tok[] toks, int i, int from) {
            int words = 0;
            for (int j = i - 1; j >= from && words < 4; j--) {
                if (j == i - 1 && toks[j].kind == Tok.COMMA && toks[j].w.equals(",")) {
                    continue;
                }
                if (toks[j].kind != Tok.WORD || toks[j].actor >= 0) {
                    return false;
                }
                words++;
                if (toks[j].is(REQUIREMENT)) {
                    return true;
                }
            }
            return false;
        }

        /** Pros and cons labels ("Cons", "Key drawbacks", "What we like"), with their direction. */
        private static final Map<String, Integer> LABELS = labels(
                new String[] {"pros", "pro", "advantages", "advantage", "strengths", "strength", "upsides",
                    "upside", "benefits", "highlights", "what we like", "why we like it", "what i like",
                    "what users like", "avantages", "points forts", "vorteile", "stärken", "pluspunkte", "ventajas",
                    "puntos fuertes", "vantaggi", "punti di forza", "vantagens", "pontos fortes", "voordelen",
                    "sterke punten", "pluspunten"},
                new String[] {"cons", "con", "disadvantages", "disadvantage", "drawbacks", "drawback",
                    "downsides", "downside", "weaknesses", "weakness", "limitations", "limitation", "caveats",
                    "watch outs", "watch out for", "what we don't like", "what we dont like", "what could be better",
                    "complaints", "inconvénients", "points faibles", "limites", "nachteile", "schwächen",
                    "minuspunkte", "desventajas", "contras", "puntos débiles", "svantaggi", "contro",
                    "punti deboli", "desvantagens", "pontos fracos", "nadelen", "zwakke punten", "minpunten"});
        /** Words a label may open with ("Key drawbacks", "Potential downsides"). */
        private static final Set<String> LABEL_OPENERS = normalized("key", "main", "potential", "possible",
                "notable", "some", "the", "a", "few", "major", "minor", "common", "biggest", "top", "its", "their");

        /** +1 for a pros label, -1 for a cons label filling the tokens [from, to), else 0. */
        static int labelPolarity(Tok[] toks, int from, int to) {
            StringBuilder b = new StringBuilder();
            boolean opening = true;
            for (int i = from; i < to; i++) {
                Tok t = toks[i];
                if (t.kind != Tok.WORD || t.actor >= 0) {
                    return 0;
                }
                if (opening && t.is(LABEL_OPENER) && i + 1 < to) {
                    continue;
                }
                opening = false;
                if (b.length() > 0) {
                    b.append(' ');
                }
                b.append(t.w);
                if (b.length() > 24) {
                    return 0;
                }
            }
            return b.length() == 0 ? 0 : LABELS.getOrDefault(b.toString(), 0);
        }

        private static Map<String, Integer> labels(String[] pros, String[] cons) {
            Map<String, Integer> map = new HashMap<>();
            for (String p : pros) {
                map.put(String.join(" ", phraseWords(p)), 1);
            }
            for (String c : cons) {
                map.put(String.join(" ", phraseWords(c)), -1);
            }
            return Map.copyOf(map);
        }

        static final Set<String> THAN = normalized("than", "que", "qu", "als", "dan");
        static final Set<String> ARTICLES = normalized("the", "that", "those", "of", "le", "la", "les", "l",
                "celui", "celle", "de", "du", "der", "die", "das", "den", "dem", "el", "los", "las", "lo");
        static final List<String[]> UNLIKE = phrases("unlike", "compared to", "compared with", "in contrast to",
                "in comparison to", "in comparison with", "contrary to", "relative to", "as opposed to",
                "contrairement à", "par rapport à", "comparé à", "im gegensatz zu", "im vergleich zu",
                "verglichen mit", "a diferencia de", "en comparación con", "comparado con", "frente a",
                "a differenza di", "rispetto a", "ao contrário de", "em comparação com", "comparado com",
                "in tegenstelling tot", "vergeleken met");
        /** Verbs whose object is compared against: "Acme outperforms Globex". */
        static final Set<String> OUTDOING = normalized("outperforms", "outperformed", "outperform", "beats",
                "surpasses", "outshines", "outpaces", "übertrifft", "supera", "surpasse", "overtreft");
        static final List<String[]> CONTRAST = phrases("but", "however", "whereas", "while", "although", "though",
                "yet", "nevertheless", "nonetheless", "conversely", "on the other hand", "in contrast", "by contrast",
                "mais", "cependant", "pourtant", "toutefois", "néanmoins", "tandis que", "alors que", "bien que",
                "en revanche", "par contre", "d'autre part", "aber", "jedoch", "während", "obwohl", "doch",
                "allerdings", "hingegen", "dagegen", "wohingegen", "im gegensatz dazu", "auf der anderen seite",
                "pero", "aunque", "sino", "mientras", "mientras que", "sin embargo", "en cambio", "no obstante",
                "tuttavia", "eppure", "sebbene", "benché", "anche se", "invece", "mentre", "porém", "contudo",
                "todavia", "no entanto", "embora", "enquanto", "maar", "echter", "hoewel", "terwijl",
                "daarentegen",
                "por otro lado", "por el contrario");

        static final String[][] ASPECTS = {
            {"pricing", "price, prices, pricing, priced, cost, costs, costly, expensive, cheap, cheaper, cheapest,"
                    + " affordable, affordability, inexpensive, pricey, overpriced, subscription, subscriptions,"
                    + " fee, fees, per month, per user, per seat, licensing, license, licence, plans, prix, tarif,"
                    + " tarifs, tarification, cher, chère, coûteux, abordable, preis, preise, kosten, teuer,"
                    + " günstig, preiswert, precio, precios, coste, costo, costos, caro, barato, asequible"},
            {"support", "support, customer support, customer service, customer care, support team, helpdesk,"
                    + " help desk, assistance, service client, kundendienst, kundenservice, soporte,"
                    + " atención al cliente, servicio al cliente"},
            {"ease of use", "ease of use, usability, simplicity, simplicité, simplicidad, einfachheit, easy to use, user friendly, intuitive, unintuitive,"
                    + " learning curve, hard to use, difficult to use, easy to learn, beginner friendly, clunky,"
                    + " cumbersome, facile à utiliser, prise en main, ergonomie, benutzerfreundlich,"
                    + " bedienung, benutzerfreundlichkeit, fácil de usar, usabilidad, facilidad de uso"},
            {"integrations", "integration, integrations, integrates, integrate, api, apis, plugin, plugins,"
                    + " connector, connectors, ecosystem, intégration, intégrations, integrationen,"
                    + " schnittstellen, integración, integraciones"},
            {"performance", "performance, speed, fast, faster, fastest, slow, slower, latency, lag, laggy,"
                    + " sluggish, load time, load times, performances, rapidité, lenteur, leistung,"
                    + " geschwindigkeit, rendimiento, velocidad"},
            {"reliability", "reliability, reliable, unreliable, dependable, uptime, downtime, outage, outages,"
                    + " stable, stability, unstable, instability, crash, crashes, crashing, buggy, bugs, glitches,"
                    + " fiabilité, fiable, stabilité, zuverlässigkeit, zuverlässig, ausfälle, fiabilidad,"
                    + " confiabilidad, estabilidad"},
            {"features", "feature, features, feature set, feature rich, functionality, functionalities,"
                    + " capabilities, fonctionnalité, fonctionnalités, funktionen, funktionsumfang, funciones,"
                    + " funcionalidades, características"},
            {"security", "security, secure, insecure, privacy, encryption, compliance, gdpr, soc 2, breach,"
                    + " breaches, data breach, vulnerabilities, vulnerability, sécurité, confidentialité,"
                    + " sicherheit, datenschutz, seguridad, privacidad"},
            {"documentation", "documentation, docs, tutorials, knowledge base, well documented,"
                    + " poorly documented, dokumentation, documentación"},
            {"onboarding", "onboarding, setup, set up, getting started, implementation, installation,"
                    + " easy to set up, configuration, mise en place, einrichtung, einarbeitung,"
                    + " configuración, implementación"},
            {"scalability", "scalability, scalable, scales, scale, scaling, évolutivité, scalabilité,"
                    + " skalierbarkeit, skalierbar, escalabilidad, escalable"},
            {"design", "design, ui, ux, interface, user interface, layout, look and feel, dashboard, sleek,"
                    + " cluttered, benutzeroberfläche, oberfläche, diseño, interfaz"},
            {"value", "value, value for money, good value, great value, roi, worth, worth it, cost effective,"
                    + " bang for the buck, bang for your buck, rapport qualité prix, preis leistungs verhältnis,"
                    + " relación calidad precio"},
        };

        /** Stop words by language index (see {@link #LANGUAGES}); words listed for several languages are dropped. */
        static final CharTable STOP_WORDS = stopWords(
                new String[] {"the", "is", "and", "are", "with", "for", "of", "it", "its", "this", "that", "to",
                    "be", "has", "have", "which", "by", "or", "from", "their", "they", "you", "your", "can", "but",
                    "not", "very", "more", "most", "offers", "best", "also"},
                new String[] {"le", "les", "est", "et", "des", "du", "une", "pour", "avec", "dans", "sur", "qui",
                    "ce", "cette", "sont", "très", "mais", "plus", "pas", "au", "aux", "ses", "leur", "elle", "il",
                    "nous", "vous", "être", "été", "ou", "outil", "propose", "meilleur", "avec", "sa", "leurs",
                    "ces", "cet", "grâce", "souvent", "aussi", "chez", "entre", "peut", "fait", "sans", "entreprises"},
                new String[] {"der", "die", "das", "ist", "und", "ein", "eine", "nicht", "mit", "für", "auf", "von",
                    "zu", "den", "dem", "sehr", "auch", "sind", "sich", "wird", "bei", "aber", "oder", "wie", "hat",
                    "bietet", "also", "durch", "seine", "sein", "ihre", "ihr", "im", "einen", "einem", "eines",
                    "nach", "noch", "nur", "kann", "werden", "wurde", "diese", "dieser", "dieses", "über", "unter",
                    "ist", "zum", "zur", "ohne", "sowie", "viele", "kein", "keine", "unternehmen", "dass"},
                new String[] {"el", "los", "las", "y", "que", "del", "para", "con", "una", "por", "muy", "su",
                    "sus", "más", "pero", "lo", "como", "está", "también", "herramienta", "ofrece", "es", "opción",
                    "empresas", "pequeñas", "este", "esta", "estos", "hay", "sin", "sobre", "entre", "tiene",
                    "puede", "muchos", "muchas", "usuarios", "cuando", "porque"},
                new String[] {"è", "sono", "che", "non", "della", "delle", "degli", "dei", "nel", "nella", "per",
                    "anche", "più", "molto", "gli", "questo", "questa", "hanno", "alla", "strumento", "utenti",
                    "prezzo", "migliore", "ottimo", "ottima", "buona", "essere", "di", "sia", "loro", "può", "tra",
                    "rispetto", "ancora", "così", "perché", "aziende", "piccole"},
                new String[] {"não", "é", "são", "uma", "muito", "você", "seu", "sua", "mas", "pelo", "pela",
                    "ao", "isso", "ferramenta", "oferece", "usuários", "tem", "pode", "bom", "boa", "melhor", "em",
                    "na", "opção", "preço", "também", "até", "eles", "seus", "suas", "ele", "ela", "pequenas",
                    "muitos"},
                new String[] {"het", "een", "van", "niet", "met", "voor", "zijn", "op", "dat", "maar", "ook", "wel",
                    "goed", "veel", "deze", "bij", "naar", "wordt", "hun", "biedt", "gebruikers", "prijs",
                    "goede", "echter", "geen", "heeft", "kunnen", "worden", "meer", "zeer", "erg", "nog", "om",
                    "bedrijven", "kleine"});

        static final Set<String> PRONOUNS = normalized("it", "its", "they", "their", "them", "this", "these",
                "il", "elle", "ils", "elles", "son", "sa", "ses", "leur", "leurs", "er", "sie", "es", "sein", "seine",
                "seinen", "ihr", "ihre", "él", "ella", "ellos", "ellas", "su", "sus", "suo", "sua", "suoi",
                "loro", "ele", "ela", "eles", "elas", "seu", "seus", "suas", "hij", "zij", "ze", "zijn", "hun");
        static final Set<String> OPENERS = normalized("however", "but", "also", "still", "additionally", "moreover",
                "furthermore", "unfortunately", "overall", "and", "that", "said", "yet", "though", "mais",
                "cependant", "toutefois", "aber", "jedoch", "allerdings", "pero", "sin", "embargo", "además",
                "también", "aussi", "auch", "inoltre", "tuttavia", "anche", "porém", "contudo", "além", "disso",
                "também", "maar", "echter", "ook", "bovendien");

        /** Whether the sentence holds the possessive "its", which points back to a product ("Love its plans"). */
        static boolean mentionsIt(Tok[] toks) {
            for (Tok t : toks) {
                if (t.kind == Tok.WORD && t.w.equals("its")) {
                    return true;
                }
            }
            return false;
        }

        /** Whether the sentence opens with a pronoun, after at most two connecting words ("However, it..."). */
        static boolean opensWithPronoun(Tok[] toks) {
            int skipped = 0;
            for (Tok t : toks) {
                if (t.kind != Tok.WORD) {
                    continue;
                }
                if (t.actor >= 0) {
                    return false;
                }
                if (t.is(PRONOUN)) {
                    return true;
                }
                if (!t.is(OPENER) || ++skipped > 2) {
                    return false;
                }
            }
            return false;
        }

        static boolean isNegatorAt(Tok[] toks, int j, int from) {
            Tok t = toks[j];
            if (t.is(WEAK_NEGATOR)) {
                return !(j > from && toks[j - 1].is(INDEFINITE_ARTICLE));
            }
            if (!t.is(NEGATOR) && !t.w.endsWith("n't")) {
                return false;
            }
            return !(j + 1 < toks.length && toks[j + 1].kind == Tok.WORD && toks[j + 1].is(NEGATION_EXCEPTION));
        }

        /** +1 intensifier, -1 dampener, 0 neither, for the word at j. */
        static int modifierAt(Tok[] toks, int j, int from) {
            Tok t = toks[j];
            if (t.is(DAMPENER_PAIR_END) && j > from && toks[j - 1].kind == Tok.WORD
                    && DAMPENER_PAIRS.get(t.w).contains(toks[j - 1].w)) {
                return -1;
            }
            if (t.is(DAMPENER)) {
                return -1;
            }
            return t.is(INTENSIFIER) ? 1 : 0;
        }

        static boolean onlyConnectors(Tok[] toks, int from, int to) {
            boolean any = false;
            for (int k = from; k < to; k++) {
                if (toks[k].kind != Tok.WORD && toks[k].kind != Tok.COMMA) {
                    return false;
                }
                if (toks[k].kind == Tok.WORD) {
                    if (!toks[k].is(CONNECTOR)) {
                        return false;
                    }
                    any = true;
                }
            }
            return any;
        }

        static final int MARK_NEUTRAL = 0;
        /** "but": the clause after it carries the verdict. */
        static final int MARK_BUT = 1;
        /** "though": the clause it opens is a concession. */
        static final int MARK_CONCESSIVE = 2;
        private static final Set<String> BUT_MARKERS = Set.of("but", "however", "yet", "nevertheless",
                "nonetheless", "mais", "cependant", "pourtant", "toutefois", "neanmoins", "aber", "jedoch", "doch",
                "allerdings", "pero", "sino", "sin embargo", "no obstante", "ma", "tuttavia", "eppure", "mas",
                "porem", "contudo", "todavia", "no entanto", "maar", "echter");
        private static final Set<String> CONCESSIVE_MARKERS = Set.of("though", "although", "bien que", "obwohl",
                "aunque", "sebbene", "benche", "anche se", "embora", "hoewel");

        /** The kind of the contrast marker of {@code length} tokens at i. */
        static int markerKind(Tok[] toks, int i, int length) {
            StringBuilder b = new StringBuilder(toks[i].w);
            for (int k = 1; k < length; k++) {
                b.append(' ').append(toks[i + k].w);
            }
            String phrase = b.toString();
            if (BUT_MARKERS.contains(phrase)) {
                return MARK_BUT;
            }
            if (CONCESSIVE_MARKERS.contains(phrase)) {
                // "It is pricey, though." / "Acme is awful, though, ...": an adverb, not a concession
                int next = i + length;
                return next >= toks.length || toks[next].kind != Tok.WORD ? MARK_NEUTRAL : MARK_CONCESSIVE;
            }
            return MARK_NEUTRAL;
        }

        /** Whether a word token comes before token i. */
        static boolean hasWordsBefore(Tok[] toks, int i) {
            for (int k = 0; k < i; k++) {
                if (toks[k].kind == Tok.WORD) {
                    return true;
                }
            }
            return false;
        }

        private static final Map<String, List<String[]>> CONTRAST_BY_FIRST = byWord(CONTRAST, true);
        private static final Map<String, List<String[]>> UNLIKE_BY_LAST = byWord(UNLIKE, false);

        /**
         * Contrast markers that are other words elsewhere ("ma" is French for "my", "mas" Spanish for "more"),
         * applied only to answers read as their language.
         */
        private static final Map<String, Map<String, List<String[]>>> LANGUAGE_CONTRAST = Map.of(
                "it", byWord(phrases("ma"), true), "pt", byWord(phrases("mas"), true));

        /** The words a contrast marker may start with, in any language. */
        static Set<String> contrastStarts() {
            Set<String> words = new HashSet<>(CONTRAST_BY_FIRST.keySet());
            LANGUAGE_CONTRAST.values().forEach(byFirst -> words.addAll(byFirst.keySet()));
            return words;
        }

        /** The words a marker such as "unlike" or "compared to" may end with. */
        static Set<String> unlikeEnds() {
            return UNLIKE_BY_LAST.keySet();
        }

        /** Tokens a contrast marker starting at i spans, or 0. */
        static int contrastAt(Tok[] toks, int i, String language) {
            if (!toks[i].is(CONTRAST_START)) {
                return 0;
            }
            List<String[]> candidates = CONTRAST_BY_FIRST.get(toks[i].w);
            if (candidates == null) {
                Map<String, List<String[]>> own = LANGUAGE_CONTRAST.get(language);
                candidates = own == null ? null : own.get(toks[i].w);
            }
            if (candidates == null) {
                return 0;
            }
            for (String[] phrase : candidates) {
                if (!phraseAt(toks, i, phrase)) {
                    continue;
                }
                String w = toks[i].w;
                String before = i > 0 && toks[i - 1].kind == Tok.WORD ? toks[i - 1].w : "";
                String after = i + 1 < toks.length && toks[i + 1].kind == Tok.WORD ? toks[i + 1].w : "";
                if (phrase.length == 1) {
                    if (w.equals("yet") && (before.equals("not") || before.equals("as"))) {
                        return 0;
                    }
                    if (w.equals("while") && (before.equals("a") || before.equals("worth"))) {
                        return 0;
                    }
                    if (w.equals("but") && (after.equals("also") || before.equals("all")
                            || before.equals("anything") || before.equals("nothing"))) {
                        return 0;
                    }
                }
                return phrase.length;
            }
            return 0;
        }

        static boolean phraseAt(Tok[] toks, int i, String[] phrase) {
            if (i + phrase.length > toks.length) {
                return false;
            }
            for (int k = 0; k < phrase.length; k++) {
                Tok t = toks[i + k];
                if (t.kind != Tok.WORD || t.actor >= 0 || !t.w.equals(phrase[k])) {
                    return false;
                }
            }
            return true;
        }

        /** Whether a marker such as "unlike" or "compared to" ends at token p (not before token from). */
        static boolean unlikeEndsAt(Tok[] toks, int p, int from) {
            if (toks[p].kind != Tok.WORD || !toks[p].is(UNLIKE_END)) {
                return false;
            }
            List<String[]> candidates = UNLIKE_BY_LAST.get(toks[p].w);
            if (candidates == null) {
                return false;
            }
            for (String[] phrase : candidates) {
                int start = p - phrase.length + 1;
                if (start >= from && phraseAt(toks, start, phrase)) {
                    return true;
                }
            }
            return false;
        }

        private static Set<String> normalized(String... words) {
            Set<String> set = new HashSet<>();
            for (String w : words) {
                set.add(normalize(w));
            }
            return Set.copyOf(set);
        }

        private static List<String[]> phrases(String... phrases) {
            List<String[]> list = new ArrayList<>();
            for (String p : phrases) {
                list.add(phraseWords(p));
            }
            list.sort((x, y) -> Integer.compare(y.length, x.length));
            return List.copyOf(list);
        }

        /** Phrases (longest first) grouped by their first or last word. */
        private static Map<String, List<String[]>> byWord(List<String[]> phrases, boolean first) {
            Map<String, List<String[]>> map = new HashMap<>();
            for (String[] p : phrases) {
                map.computeIfAbsent(first ? p[0] : p[p.length - 1], k -> new ArrayList<>()).add(p);
            }
            Map<String, List<String[]>> copy = new HashMap<>();
            map.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            return Map.copyOf(copy);
        }

        private static CharTable stopWords(String[]... languages) {
            Map<String, Integer> map = new HashMap<>();
            Set<String> shared = new HashSet<>();
            for (int l = 0; l < languages.length; l++) {
                for (String w : languages[l]) {
                    String lower = w.toLowerCase(Locale.ROOT);
                    Integer previous = map.put(lower, l);
                    if (previous != null && previous != l) {
                        shared.add(lower);
                    }
                }
            }
            shared.forEach(map::remove);
            return new CharTable(map);
        }
    }
}
