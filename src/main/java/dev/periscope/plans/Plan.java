package dev.periscope.plans;

import java.util.List;

/** Plan tiers in ascending order; a feature available on a tier is available on every higher one. */
public enum Plan {
    STARTER("starter", "Starter"), GROWTH("growth", "Growth"), SCALE("scale", "Scale");

    public static final List<String> WIRE_NAMES = List.of("starter", "growth", "scale");
    private final String wireName;
    private final String displayName;

    Plan(String wireName, String displayName) {
        this.wireName = wireName;
        this.displayName = displayName;
    }

    public String wireName() {
        return wireName;
    }

    public String displayName() {
        return displayName;
    }

    public boolean atLeast(Plan other) {
        return compareTo(other) >= 0;
    }

    public static Plan fromWire(String value) {
        for (Plan plan : values()) {
            if (plan.wireName.equalsIgnoreCase(value)) {
                return plan;
            }
        }
        throw new IllegalArgumentException("unknown plan " + value + "; expected one of " + WIRE_NAMES);
    }
}
