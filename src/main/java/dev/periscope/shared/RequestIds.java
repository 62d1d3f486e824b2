package dev.periscope.shared;

import java.security.SecureRandom;
import java.util.regex.Pattern;

/** Request ids: reuse a sane incoming {@code X-Request-Id}, otherwise make one. */
public final class RequestIds {
    public static final String HEADER = "X-Request-Id";
    public static final String ATTRIBUTE = RequestIds.class.getName();
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz".toCharArray();

    private RequestIds() {
    }

    public static String reuseOrCreate(String incoming) {
        if (incoming != null && SANE.matcher(incoming).matches()) {
            return incoming;
        }
        char[] id = new char[20];
        for (int i = 0; i < id.length; i++) {
            id[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return "req_" + new String(id);
    }
}
