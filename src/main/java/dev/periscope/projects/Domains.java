package dev.periscope.projects;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** Bare domains: no scheme, no port, no path, no trailing dot, no leading {@code www.}, lower case, punycode. */
public final class Domains {
    private static final Pattern LABEL = Pattern.compile("(?!-)[a-z0-9-]{1,63}(?<!-)");

    private Domains() {
    }

    /** Accepts a bare host or a URL ({@code https://www.openai.com/x} → {@code openai.com}). */
    public static String bareHost(String param, String input) {
        String text = input.strip();
        String host = text;
        if (text.contains("://") || text.contains("/") || text.contains(":")) {
            try {
                URI uri = new URI(text.contains("://") ? text : "http://" + text);
                host = uri.getHost();
                if (uri.getRawUserInfo() != null) {
                    throw invalid(param, input);
                }
            } catch (URISyntaxException e) {
                throw invalid(param, input);
            }
        }
        if (host == null || host.isBlank()) {
            throw invalid(param, input);
        }
        String ascii;
        try {
            ascii = IDN.toASCII(host.toLowerCase(Locale.ROOT), IDN.ALLOW_UNASSIGNED);
        } catch (IllegalArgumentException e) {
            throw invalid(param, input);
        }
        if (ascii.endsWith(".")) {
            ascii = ascii.substring(0, ascii.length() - 1);
        }
        if (ascii.startsWith("www.") && ascii.indexOf('.', 4) > 0) {
            ascii = ascii.substring(4);
        }
        String[] labels = ascii.split("\\.", -1);
        if (labels.length < 2 || ascii.length() > 253) {
            throw invalid(param, input);
        }
        for (String label : labels) {
            if (!LABEL.matcher(label).matches()) {
                throw invalid(param, input);
            }
        }
        return ascii;
    }

    private static ApiException invalid(String param, String input) {
        return new ApiException(ErrorCode.INVALID_PARAM,
                param + " must be a domain such as example.com or a URL on it",
                Map.of("param", param, "value", input));
    }
}
