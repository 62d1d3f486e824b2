package dev.periscope.projects;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** ISO 3166-1 alpha-2 country codes (upper case) and ISO 639-1 language codes (lower case). */
public final class Locales {
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    private static final Set<String> LANGUAGES = Set.of(Locale.getISOLanguages());

    private Locales() {
    }

    public static String country(String param, String value) {
        String code = value.strip().toUpperCase(Locale.ROOT);
        if (!COUNTRIES.contains(code)) {
            throw new ApiException(ErrorCode.INVALID_PARAM, param + " must be an ISO 3166-1 alpha-2 country code such as US",
                    Map.of("param", param, "value", value));
        }
        return code;
    }

    public static String language(String param, String value) {
        String code = value.strip().toLowerCase(Locale.ROOT);
        if (!LANGUAGES.contains(code)) {
            throw new ApiException(ErrorCode.INVALID_PARAM, param + " must be an ISO 639-1 language code such as en",
                    Map.of("param", param, "value", value));
        }
        return code;
    }
}
