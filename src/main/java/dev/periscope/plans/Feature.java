package dev.periscope.plans;

import java.util.List;

/**
 * The feature gates of the spec ("What the service does", item 6) and the public document, in one table:
 * each feature, the lowest plan that has it, and the API routes it guards. Routes are matched on method and
 * path below {@code /api/v1}; a {@code *} method means every method. Gates on a body option (a recommendation
 * type, owned media, the daily cadence) have no route and are checked by the module that reads the option.
 */
public enum Feature {
    SEARCH_CONSOLE(Plan.GROWTH, List.of(new Route("*", "/search_console/"))),
    ANNOTATIONS(Plan.GROWTH, List.of(new Route("*", "/annotations"))),
    OWNED_MEDIA(Plan.GROWTH, List.of()),
    AI_TRAFFIC(Plan.SCALE, List.of(new Route("*", "/metrics/ai_traffic"))),
    AGENT_TRAFFIC(Plan.SCALE, List.of(new Route("*", "/metrics/agent_traffic"))),
    AGENT_BOT_CATALOG(Plan.SCALE, List.of(new Route("*", "/dimensions/agent_bots"))),
    WEBHOOKS(Plan.SCALE, List.of(new Route("*", "/webhooks"))),
    SENTIMENT_REPUTATION_RECOMMENDATIONS(Plan.SCALE, List.of()),
    MCP_WITH_API_KEY(Plan.SCALE, List.of(new Route("*", "/mcp"))),
    DAILY_TRACKING(Plan.SCALE, List.of());

    private final Plan minimum;
    private final List<Route> routes;

    Feature(Plan minimum, List<Route> routes) {
        this.minimum = minimum;
        this.routes = routes;
    }

    public Plan minimum() {
        return minimum;
    }

    public List<Route> routes() {
        return routes;
    }

    /** A path prefix ending in "/" matches everything below it; otherwise the path itself and its sub-paths. */
    public record Route(String method, String path) {
        public boolean matches(String requestMethod, String requestPath) {
            if (!method.equals("*") && !method.equalsIgnoreCase(requestMethod)) {
                return false;
            }
            if (path.endsWith("/")) {
                return requestPath.startsWith(path);
            }
            return requestPath.equals(path) || requestPath.startsWith(path + "/");
        }
    }
}
