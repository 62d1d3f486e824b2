package dev.periscope.projects;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The names an actor is matched by: the brand name first, then its aliases, without case-insensitive repeats. */
public final class MatchingNames {
    public static final int MAX_NAMES = 20;
    public static final int MAX_LENGTH = 100;

    private MatchingNames() {
    }

    public static List<String> withBrand(String brandName, Collection<String> aliases) {
        Map<String, String> distinct = new LinkedHashMap<>();
        distinct.put(brandName.toLowerCase(Locale.ROOT), brandName);
        if (aliases != null) {
            for (String alias : aliases) {
                String trimmed = alias.strip();
                if (!trimmed.isEmpty()) {
                    distinct.putIfAbsent(trimmed.toLowerCase(Locale.ROOT), trimmed);
                }
            }
        }
        return new ArrayList<>(distinct.values());
    }
}
