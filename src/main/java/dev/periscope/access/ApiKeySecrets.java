package dev.periscope.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * The key format ({@code psk_} + 40 base62 characters) and its at-rest form. Keys carry 238 bits of entropy, so a
 * plain SHA-256 is a safe and fast lookup hash (no salt or slow hash needed, unlike passwords).
 */
public final class ApiKeySecrets {
    public static final String PREFIX = "psk_";
    private static final int RANDOM_LENGTH = 40;
    private static final char[] BASE62 =
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeySecrets() {
    }

    public static String generate() {
        char[] chars = new char[RANDOM_LENGTH];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = BASE62[RANDOM.nextInt(BASE62.length)];
        }
        return PREFIX + new String(chars);
    }

    /** True for strings shaped like our keys; anything else is not worth a database lookup. */
    public static boolean looksValid(String key) {
        if (key == null || !key.startsWith(PREFIX) || key.length() != PREFIX.length() + RANDOM_LENGTH) {
            return false;
        }
        for (int i = PREFIX.length(); i < key.length(); i++) {
            char c = key.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z')) {
                return false;
            }
        }
        return true;
    }

    public static byte[] hash(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** What may be shown after creation: prefix, the first four and the last four characters. */
    public static String hint(String key) {
        return key.substring(0, PREFIX.length() + 4) + "…" + key.substring(key.length() - 4);
    }
}
