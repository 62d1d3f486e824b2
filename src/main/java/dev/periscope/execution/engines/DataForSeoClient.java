package dev.periscope.execution.engines;

import static dev.periscope.execution.engines.ProviderJson.isBlank;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Google AI Overviews ({@code ai_overview}) and Google AI Mode ({@code ai_mode}) through DataForSEO's SERP API
 * (live, advanced). DataForSEO answers HTTP 200 with its own status codes at the top level and per task; those are
 * mapped to {@link EngineException.Kind}s here. A SERP without an AI Overview is a successful, empty answer
 * ({@code noResult}).
 */
public final class DataForSeoClient implements EngineClient {
    public static final String ADAPTER = "dataforseo-serp";

    private static final int OK = 20000;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Which Google surface to read. */
    public enum Mode {
        AI_OVERVIEW("ai_overview", "/v3/serp/google/organic/live/advanced"),
        AI_MODE("ai_mode", "/v3/serp/google/ai_mode/live/advanced");

        private final String model;
        private final String path;

        Mode(String model, String path) {
            this.model = model;
            this.path = path;
        }

        public String model() {
            return model;
        }

        public String path() {
            return path;
        }
    }

    /**
     * Credentials and endpoint. {@code baseUrl} defaults to {@value #DEFAULT_BASE_URL}, {@code device} to
     * {@value #DEFAULT_DEVICE}. {@link #toString()} never shows the password.
     */
    public record Config(String login, String password, String baseUrl, String device) {
        public static final String DEFAULT_BASE_URL = "https://api.dataforseo.com";
        public static final String DEFAULT_DEVICE = "desktop";

        public Config {
            baseUrl = EngineHttp.baseUrl(baseUrl, DEFAULT_BASE_URL);
            device = isBlank(device) ? DEFAULT_DEVICE : device.strip();
        }

        public Config(String login, String password) {
            this(login, password, null, null);
        }

        public boolean configured() {
            return !isBlank(login) && !isBlank(password);
        }

        @Override
        public String toString() {
            return "Config[login=" + login + ", password=" + (isBlank(password) ? "<unset>" : "***") + ", baseUrl="
                    + baseUrl + ", device=" + device + "]";
        }
    }

    private final Mode mode;
    private final Config config;
    private final EngineHttp http;

    public DataForSeoClient(Mode mode, Config config, EngineHttp http) {
        this.mode = mode;
        this.config = config;
        this.http = http;
    }

    @Override
    public String model() {
        return mode.model();
    }

    @Override
    public String adapter() {
        return ADAPTER;
    }

    @Override
    public EngineAnswer ask(EngineRequest request) throws EngineException {
        if (!config.configured()) {
            throw new EngineException(EngineException.Kind.NOT_CONFIGURED,
                    model() + ": DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are not set");
        }
        URI uri = endpoint();
        String body = requestBody(request);
        String credentials = config.login() + ":" + config.password();
        Map<String, String> headers = Map.of("Authorization",
                "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
        EngineHttp.Response response = http.postJson(uri, headers, body);
        return parse(response.body());
    }

    private URI endpoint() throws EngineException {
        try {
            return new URI(config.baseUrl() + mode.path());
        } catch (URISyntaxException e) {
            throw new EngineException(EngineException.Kind.NOT_CONFIGURED,
                    model() + ": DATAFORSEO_BASE_URL is not a valid URL", 0, null, null);
        }
    }

    String requestBody(EngineRequest request) throws EngineException {
        ArrayNode tasks = JSON.createArrayNode();
        ObjectNode task = tasks.addObject();
        task.put("keyword", request.prompt());
        task.put("location_name", locationName(request.countryCode()));
        task.put("language_code", isBlank(request.languageCode()) ? "en" : request.languageCode().strip());
        task.put("device", config.device());
        if (mode == Mode.AI_OVERVIEW) {
            task.put("load_async_ai_overview", true);
        }
        return JSON.writeValueAsString(tasks);
    }

    /** A few countries whose name in Google's location list differs from the JDK's English name. */
    private static final Map<String, String> LOCATION_NAMES = Map.of(
            "HK", "Hong Kong",
            "MO", "Macao",
            "CI", "Cote d'Ivoire",
            "TR", "Turkiye",
            "PS", "Palestine");

    private static final Set<String> ISO_COUNTRIES = Set.of(Locale.getISOCountries());

    /** DataForSEO's {@code location_name} for an ISO 3166 alpha-2 code: the country's English name. */
    String locationName(String countryCode) throws EngineException {
        if (isBlank(countryCode)) {
            return "United States";
        }
        String code = countryCode.strip().toUpperCase(Locale.ROOT);
        String override = LOCATION_NAMES.get(code);
        if (override != null) {
            return override;
        }
        String name = ISO_COUNTRIES.contains(code) ? Locale.of("", code).getDisplayCountry(Locale.ENGLISH) : "";
        if (name.isBlank() || name.equalsIgnoreCase(code)) {
            throw new EngineException(EngineException.Kind.BAD_REQUEST,
                    model() + ": unknown country code " + countryCode, 0, null, null);
        }
        return name;
    }

    EngineAnswer parse(String body) throws EngineException {
        JsonNode root;
        try {
            root = JSON.readTree(body == null ? "" : body);
        } catch (JacksonException e) {
            throw badResponse("DataForSEO answered malformed JSON", e);
        }
        if (root == null || !root.isObject()) {
            throw badResponse("DataForSEO answered without a JSON object", null);
        }
        checkStatus(root, "request");
        JsonNode task = root.path("tasks").path(0);
        if (!task.isObject()) {
            throw badResponse("DataForSEO answered without a task", null);
        }
        checkStatus(task, "task");

        BigDecimal cost = decimal(root.path("cost"));
        if (cost == null) {
            cost = decimal(task.path("cost"));
        }
        EngineAnswer.Usage usage = new EngineAnswer.Usage(null, null, cost);

        JsonNode result = task.path("result").path(0);
        JsonNode items = result.path("items");
        Map<String, List<Map<String, Object>>> structured = new LinkedHashMap<>();
        List<Map<String, Object>> products = shoppingProducts(items);
        if (!products.isEmpty()) {
            structured.put("shopping_products", products);
        }

        JsonNode overview = findOverview(items);
        if (overview == null) {
            return noResult(usage, body, structured);
        }
        List<JsonNode> elements = elements(overview);
        String text = text(overview, elements);
        List<EngineAnswer.Citation> citations = citations(overview, elements);
        if (text.isEmpty() && citations.isEmpty()) {
            return noResult(usage, body, structured);
        }
        return new EngineAnswer(text, citations, List.of(), false, null, usage, body, structured);
    }

    private static EngineAnswer noResult(EngineAnswer.Usage usage, String body,
                                         Map<String, List<Map<String, Object>>> structured) {
        return new EngineAnswer("", List.of(), List.of(), true, null, usage, body, structured);
    }

    private void checkStatus(JsonNode node, String level) throws EngineException {
        JsonNode codeNode = node.path("status_code");
        if (!codeNode.isNumber()) {
            if ("request".equals(level)) {
                return; // Tolerate a body without a top-level status; the task status still decides.
            }
            throw badResponse("DataForSEO " + level + " has no status_code", null);
        }
        int code = codeNode.asInt();
        if (code == OK) {
            return;
        }
        String message = string(node.path("status_message"));
        String detail = model() + ": DataForSEO " + level + " status " + code
                + (message == null ? "" : " " + message.strip());
        throw new EngineException(kindOf(code, message), detail, 0, null, null);
    }

    /** 401xx/402xx: credentials or payment; other 40xxx: the request; 50xxx: the provider (retry later). */
    static EngineException.Kind kindOf(int code, String message) {
        String lower = message == null ? "" : message.toLowerCase(Locale.ROOT);
        if (lower.contains("rate-limit") || lower.contains("rate limit") || lower.contains("too many requests")) {
            return EngineException.Kind.RATE_LIMITED;
        }
        int family = code / 100;
        if (family == 401 || family == 402) {
            return EngineException.Kind.AUTHENTICATION;
        }
        if (code / 1000 == 40) {
            return EngineException.Kind.BAD_REQUEST;
        }
        if (code / 1000 == 50) {
            return EngineException.Kind.SERVER_ERROR;
        }
        return EngineException.Kind.BAD_RESPONSE;
    }

    /** The {@code ai_overview} item; for AI Mode also a bare list of overview elements. */
    private JsonNode findOverview(JsonNode items) {
        if (!items.isArray()) {
            return null;
        }
        for (JsonNode item : items) {
            if ("ai_overview".equals(string(item.path("type")))) {
                return item;
            }
        }
        if (mode == Mode.AI_MODE) {
            ArrayNode bare = JSON.createArrayNode();
            for (JsonNode item : items) {
                String type = string(item.path("type"));
                if (type != null && type.startsWith("ai_overview_")) {
                    bare.add(item);
                }
            }
            if (!bare.isEmpty()) {
                ObjectNode synthetic = JSON.createObjectNode();
                synthetic.put("type", "ai_overview");
                synthetic.set("items", bare);
                return synthetic;
            }
        }
        return null;
    }

    private static List<JsonNode> elements(JsonNode overview) {
        List<JsonNode> elements = new ArrayList<>();
        JsonNode items = overview.path("items");
        if (items.isArray()) {
            for (JsonNode element : items) {
                if (element.isObject()) {
                    elements.add(element);
                }
            }
        }
        return elements;
    }

    /** Elements' markdown (else text) joined by blank lines; else the item's own markdown or text. */
    private static String text(JsonNode overview, List<JsonNode> elements) {
        List<String> parts = new ArrayList<>();
        for (JsonNode element : elements) {
            String part = firstNonBlank(string(element.path("markdown")), string(element.path("text")));
            if (part != null) {
                parts.add(part.strip());
            }
        }
        if (!parts.isEmpty()) {
            return String.join("\n\n", parts);
        }
        String own = firstNonBlank(string(overview.path("markdown")), string(overview.path("text")));
        return own == null ? "" : own.strip();
    }

    /**
     * Visible citations in order of first appearance in the elements' own references, then the item's remaining
     * references as background (position 0). When no element carries references, the item's references are all
     * visible, in their order.
     */
    private static List<EngineAnswer.Citation> citations(JsonNode overview, List<JsonNode> elements) {
        Map<String, JsonNode> topLevel = references(List.of(overview));
        Map<String, JsonNode> inline = references(elements);
        Citations citations = Citations.firstWins();
        inline.forEach((url, reference) -> {
            JsonNode own = topLevel.get(url);
            citations.cite(url, title(own, reference), domain(url, own, reference));
        });
        for (var entry : topLevel.entrySet()) {
            String url = entry.getKey();
            JsonNode reference = entry.getValue();
            if (inline.isEmpty()) {
                citations.cite(url, title(reference, null), domain(url, reference, null));
            } else {
                citations.consult(url, title(reference, null), domain(url, reference, null));
            }
        }
        return citations.list();
    }

    /** The references of the given nodes by URL, each URL with its first reference. */
    private static Map<String, JsonNode> references(List<JsonNode> nodes) {
        Map<String, JsonNode> references = new LinkedHashMap<>();
        for (JsonNode node : nodes) {
            for (JsonNode reference : node.path("references")) {
                String url = string(reference.path("url"));
                if (!isBlank(url)) {
                    references.putIfAbsent(url.strip(), reference);
                }
            }
        }
        return references;
    }

    /** The preferred reference's title (else source name); the fallback's when it has neither. */
    private static String title(JsonNode preferred, JsonNode fallback) {
        String title = preferred == null ? null : firstNonBlank(string(preferred.path("title")),
                string(preferred.path("source")));
        if (title == null && fallback != null) {
            title = firstNonBlank(string(fallback.path("title")), string(fallback.path("source")));
        }
        return title;
    }

    /** The reference's domain, only when the URL itself has no host to tell the site. */
    private static String domain(String url, JsonNode preferred, JsonNode fallback) {
        if (hasHost(url)) {
            return null;
        }
        JsonNode source = preferred != null ? preferred : fallback;
        return source == null ? null : string(source.path("domain"));
    }

    private static boolean hasHost(String url) {
        try {
            String host = new URI(url).getHost();
            return host != null && !host.isBlank();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Products from shopping blocks anywhere in the SERP, including shopping elements inside the overview. */
    private static List<Map<String, Object>> shoppingProducts(JsonNode items) {
        List<Map<String, Object>> products = new ArrayList<>();
        if (!items.isArray()) {
            return products;
        }
        for (JsonNode item : items) {
            if (isShopping(string(item.path("type")))) {
                collectProducts(item, products);
            } else if ("ai_overview".equals(string(item.path("type")))) {
                for (JsonNode element : item.path("items")) {
                    if (isShopping(string(element.path("type")))) {
                        collectProducts(element, products);
                    }
                }
            }
        }
        return products;
    }

    private static boolean isShopping(String type) {
        return type != null && (type.equals("popular_products") || type.contains("shopping"));
    }

    private static void collectProducts(JsonNode block, List<Map<String, Object>> into) {
        Long blockRank = integer(block.path("rank_group"));
        for (JsonNode product : block.path("items")) {
            if (!product.isObject()) {
                continue;
            }
            String title = string(product.path("title"));
            if (title == null || title.isBlank()) {
                continue;
            }
            Map<String, Object> map = new LinkedHashMap<>();
            put(map, "product_id_external", string(product.path("product_id")));
            map.put("title", title.strip());
            put(map, "url", string(product.path("url")));
            put(map, "domain", string(product.path("domain")));
            JsonNode price = product.path("price");
            BigDecimal amount = price.isObject() ? decimal(price.path("current")) : decimal(price);
            put(map, "price", amount);
            String currency = string(product.path("currency"));
            if (currency == null && price.isObject()) {
                currency = string(price.path("currency"));
            }
            put(map, "currency", currency);
            JsonNode rating = product.path("rating");
            if (rating.isObject()) {
                put(map, "rating_value", decimal(rating.path("value")));
                put(map, "rating_max", decimal(rating.path("rating_max")));
                put(map, "rating_votes_count", integer(rating.path("votes_count")));
            }
            List<String> images = images(product.path("images"));
            if (!images.isEmpty()) {
                map.put("images", images);
            }
            Long rank = integer(product.path("rank_group"));
            put(map, "rank_group", rank != null ? rank : blockRank);
            into.add(map);
        }
    }

    private static List<String> images(JsonNode images) {
        List<String> urls = new ArrayList<>();
        if (!images.isArray()) {
            return urls;
        }
        for (JsonNode image : images) {
            String url = image.isObject()
                    ? firstNonBlank(string(image.path("url")), string(image.path("image_url")))
                    : string(image);
            if (url != null && !url.isBlank()) {
                urls.add(url);
            }
        }
        return List.copyOf(urls);
    }

    private static void put(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private EngineException badResponse(String message, Throwable cause) {
        return new EngineException(EngineException.Kind.BAD_RESPONSE, model() + ": " + message, 0, null, cause);
    }

    /** Unlike {@link ProviderJson#string}, also a number as text: DataForSEO writes some values either way. */
    private static String string(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isString()) {
            return node.stringValue();
        }
        return node.isNumber() ? node.asString() : null;
    }

    private static BigDecimal decimal(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isNumber()) {
            return node.decimalValue();
        }
        if (node.isString()) {
            try {
                return new BigDecimal(node.stringValue().strip());
            } catch (NumberFormatException notANumber) {
                return null;
            }
        }
        return null;
    }

    private static Long integer(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isIntegralNumber()) {
            return node.asLong();
        }
        BigDecimal value = decimal(node);
        try {
            return value == null ? null : value.longValueExact();
        } catch (ArithmeticException fractional) {
            return value.longValue();
        }
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        return b != null && !b.isBlank() ? b : null;
    }
}
