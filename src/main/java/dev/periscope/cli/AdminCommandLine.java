package dev.periscope.cli;

import dev.periscope.PeriscopeApplication;
import dev.periscope.access.Accounts;
import dev.periscope.access.ApiKeys;
import dev.periscope.access.Scope;
import dev.periscope.plans.Plan;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.Json;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code accounts create --email E --plan P}, {@code accounts set-plan E P}, {@code accounts set-tracking E weekly|daily},
 * {@code keys create --account E --scope S
 * [--name N]}, {@code keys revoke ID}, {@code keys rotate ID}. Each prints one JSON object on standard output;
 * failures print a JSON error on standard error and exit non-zero.
 */
public final class AdminCommandLine {
    private static final Set<String> GROUPS = Set.of("accounts", "keys");
    static final String USAGE = """
            usage:
              periscope accounts create --email EMAIL --plan starter|growth|scale
              periscope accounts set-plan EMAIL starter|growth|scale
              periscope accounts set-tracking EMAIL weekly|daily     (daily needs Scale)
              periscope keys create --account EMAIL --scope read|read_write [--name NAME]
              periscope keys list --account EMAIL
              periscope keys revoke KEY_ID
              periscope keys rotate KEY_ID
            """;

    private AdminCommandLine() {
    }

    public static boolean handles(String[] args) {
        return args.length > 0 && GROUPS.contains(args[0]);
    }

    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Command command;
        try {
            command = Command.parse(args);
        } catch (IllegalArgumentException usage) {
            err.println(usage.getMessage());
            err.print(USAGE);
            return 2;
        }
        SpringApplication application = new SpringApplication(PeriscopeApplication.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.setLogStartupInfo(false);
        Map<String, Object> defaults = new HashMap<>();
        defaults.put("periscope.scheduling.enabled", "false");
        defaults.put("periscope.bootstrap.enabled", "false");
        defaults.put("logging.level.root", "ERROR");
        defaults.put("spring.main.banner-mode", "off");
        application.setDefaultProperties(defaults);
        try (ConfigurableApplicationContext context = application.run()) {
            JsonMapper json = context.getBean(JsonMapper.class);
            Object result = command.execute(context.getBean(Accounts.class), context.getBean(ApiKeys.class));
            out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(result));
            return 0;
        } catch (ApiException failure) {
            err.println(Json.object("error", Json.object("code", failure.code().wireName(),
                    "message", failure.getMessage(), "meta", failure.meta())));
            return 1;
        } catch (IllegalArgumentException failure) {
            err.println(Json.object("error", Json.object("code", "ERR_INVALID_PARAM", "message", failure.getMessage())));
            return 1;
        }
    }

    /** A parsed command line; {@link #execute} runs it against the core. */
    record Command(String group, String action, List<String> positional, Map<String, String> options) {
        static Command parse(String[] args) {
            if (args.length < 2) {
                throw new IllegalArgumentException("missing command");
            }
            List<String> positional = new ArrayList<>();
            Map<String, String> options = new HashMap<>();
            List<String> rest = Arrays.asList(args).subList(2, args.length);
            for (int i = 0; i < rest.size(); i++) {
                String arg = rest.get(i);
                if (arg.startsWith("--")) {
                    String name = arg.substring(2);
                    String value;
                    if (name.contains("=")) {
                        value = name.substring(name.indexOf('=') + 1);
                        name = name.substring(0, name.indexOf('='));
                    } else if (i + 1 < rest.size()) {
                        value = rest.get(++i);
                    } else {
                        throw new IllegalArgumentException("option --" + name + " needs a value");
                    }
                    options.put(name, value);
                } else {
                    positional.add(arg);
                }
            }
            Command command = new Command(args[0], args[1], positional, options);
            command.validate();
            return command;
        }

        private void validate() {
            switch (group + " " + action) {
                case "accounts create" -> require("email", "plan");
                case "accounts set-plan", "accounts set-tracking" -> requirePositional(2);
                case "keys create" -> require("account", "scope");
                case "keys list" -> require("account");
                case "keys revoke", "keys rotate" -> requirePositional(1);
                default -> throw new IllegalArgumentException("unknown command: " + group + " " + action);
            }
        }

        private void require(String... names) {
            for (String name : names) {
                if (!options.containsKey(name)) {
                    throw new IllegalArgumentException("missing --" + name);
                }
            }
        }

        private void requirePositional(int count) {
            if (positional.size() != count) {
                throw new IllegalArgumentException(group + " " + action + " takes " + count + " argument(s)");
            }
        }

        Object execute(Accounts accounts, ApiKeys keys) {
            return switch (group + " " + action) {
                case "accounts create" -> accounts.create(options.get("email"), plan(options.get("plan")));
                case "accounts set-plan" -> accounts.setPlan(positional.get(0), plan(positional.get(1)));
                case "accounts set-tracking" -> accounts.setTrackingFrequency(positional.get(0), positional.get(1));
                case "keys create" -> keys.create(owner(accounts, options.get("account")),
                        scope(options.get("scope")), options.get("name"));
                case "keys list" -> keys.listForUser(owner(accounts, options.get("account")));
                case "keys revoke" -> keys.revoke(id(positional.get(0)));
                case "keys rotate" -> keys.rotate(id(positional.get(0)));
                default -> throw new IllegalStateException("validated above");
            };
        }

        private static long owner(Accounts accounts, String email) {
            return accounts.findByEmail(email).orElseThrow(() -> ApiException.notFound("Account " + email)).ownerUserId();
        }

        private static Plan plan(String value) {
            return Plan.fromWire(value);
        }

        private static Scope scope(String value) {
            if (!Scope.WIRE_NAMES.contains(value)) {
                throw new IllegalArgumentException("scope must be one of " + Scope.WIRE_NAMES);
            }
            return Scope.fromWire(value);
        }

        private static long id(String value) {
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("key id must be a number, not " + value);
            }
        }
    }
}
