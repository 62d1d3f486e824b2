package dev.periscope.projects;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Categorises a prompt without a model: its intent ({@code prompt_type}) from cue words, and whether it names the
 * own brand, another brand, or none ({@code brand_kind}). Deterministic, so re-running gives the same answer.
 */
public final class PromptClassifier {
    private static final List<String> TRANSACTIONAL = List.of("buy", "order", "purchase", "coupon", "discount",
            "promo code", "subscribe", "sign up", "signup", "free trial", "download", "book a", "hire", "deal",
            "cheapest", "shipping", "kaufen", "comprar", "acheter");
    private static final List<String> COMMERCIAL = List.of("best", "top", " vs ", " vs.", "versus", "compare",
            "comparison", "alternative", "alternatives", "review", "reviews", "recommend", "pricing", "price",
            "cost", "worth it", "which is better", "pros and cons", "rated", "ranking", "leading", "mejor",
            "meilleur", "beste");
    private static final List<String> NAVIGATIONAL = List.of("login", "log in", "sign in", "website", "official site",
            "homepage", "contact", "customer service", "support page", "app store", "near me", "address of");

    private PromptClassifier() {
    }

    public static String promptType(String text) {
        String lower = " " + text.toLowerCase(Locale.ROOT) + " ";
        if (containsAny(lower, TRANSACTIONAL)) {
            return "transactional";
        }
        if (containsAny(lower, COMMERCIAL)) {
            return "commercial";
        }
        if (containsAny(lower, NAVIGATIONAL)) {
            return "navigational";
        }
        return "informational";
    }

    /** {@code brand} when an own name appears, else {@code brand_other} when a competitor's does, else {@code non_brand}. */
    public static String brandKind(String text, Collection<String> ownNames, Collection<String> competitorNames) {
        if (mentionsAny(text, ownNames)) {
            return "brand";
        }
        if (mentionsAny(text, competitorNames)) {
            return "brand_other";
        }
        return "non_brand";
    }

    private static boolean containsAny(String lower, List<String> cues) {
        for (String cue : cues) {
            if (cue.startsWith(" ") || cue.contains(" ") ? lower.contains(cue) : containsWord(lower, cue)) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsWord(String lower, String word) {
        return Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(word) + "(?![\\p{L}\\p{N}])").matcher(lower).find();
    }

    private static boolean mentionsAny(String text, Collection<String> names) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String name : names) {
            if (name != null && !name.isBlank() && containsWord(lower, name.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }
}
