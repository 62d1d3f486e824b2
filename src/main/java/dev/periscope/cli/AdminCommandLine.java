package dev.periscope.cli;

import dev.periscope.PeriscopeApplication;
import dev.periscope.access.Accounts;
import dev.periscope.access.ApiKeys;
import dev.periscope.access.Scope;
import dev.periscope.bench.BenchRunner;
import dev.periscope.bench.BenchSeeder;
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
 * failures print a JSON error on standard error and exit non-zero. {@code bench seed} and {@code bench run} load and
 * measure a large synthetic project ({@link dev.periscope.bench}); {@code bench run} prints one JSON object per line.
 */
public final class AdminCommandLine {
    private static final Set<String> GROUPS = Set.of("accounts", "keys", "bench");
    static final String USAGE = """
            usage:
              periscope accounts create --email EMAIL --plan starter|growth|scale
              periscope accounts set-plan EMAIL starter|growth|scale
              periscope accounts set-tracking EMAIL weekly|daily     (daily needs Scale)
              periscope keys create --account EMAIL --scope read|read_write [--name NAME]
              periscope keys list --account EMAIL
              periscope keys revoke KEY_ID
              periscope keys rotate KEY_ID
              periscope bench seed [--prompts 5000] [--engines 5] [--weeks 52] [--competitors 10] [--account EMAIL]
                                   [--seed N]
              periscope bench run --project ID --base-url URL --key KEY [--iterations 30] [--warmup 3]
                                  [--family metrics|insights|citation_intelligence]
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
        // application.properties outranks default properties, so its INFO level wins and startup lines land on
        // standard output; bench run prints JSON lines there, so for bench the quiet level goes in as an argument.
        String[] arguments = command.group().equals("bench") ? new String[] {"--logging.level.root=ERROR"} : new String[0];
        try (ConfigurableApplicationContext context = application.run(arguments)) {
            JsonMapper json = context.getBean(JsonMapper.class);
            if (command.group().equals("bench")) {
                return bench(command, context, json, out, err);
            }
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

    /** The bench commands report progress on standard error while they work; their figures go to standard output. */
    private static int bench(Command command, ConfigurableApplicationContext context, JsonMapper json, PrintStream out,
                             PrintStream err) {
        try {
            if (command.action().equals("seed")) {
                Map<String, Object> result = context.getBean(BenchSeeder.class).seed(command.seedOptions(), err::println);
                out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(result));
            } else {
                context.getBean(BenchRunner.class).run(command.runOptions(), line -> {
                    out.println(json.writeValueAsString(line));
                    out.flush();
                });
            }
            return 0;
        } catch (IllegalArgumentException failure) {
            err.println(json.writeValueAsString(Json.object("error",
                    Json.object("code", "ERR_INVALID_PARAM", "message", failure.getMessage()))));
            return 1;
        } catch (IllegalStateException failure) {
            err.println(json.writeValueAsString(Json.object("error",
                    Json.object("code", "ERR_BENCH_FAILED", "message", failure.getMessage()))));
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
                case "bench seed" -> {
                    allowOnly("prompts", "engines", "weeks", "competitors", "account", "seed");
                    seedOptions();
                }
                case "bench run" -> {
                    require("project", "base-url", "key");
                    allowOnly("project", "base-url", "key", "iterations", "warmup", "family");
                    runOptions();
                }
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

        private void allowOnly(String... names) {
            Set<String> allowed = Set.of(names);
            for (String name : options.keySet()) {
                if (!allowed.contains(name)) {
                    throw new IllegalArgumentException("unknown option --" + name + " for " + group + " " + action);
                }
            }
            if (!positional.isEmpty()) {
                throw new IllegalArgumentException(group + " " + action + " takes no arguments, only options");
            }
        }

        BenchSeeder.Options seedOptions() {
            return new BenchSeeder.Options(number("prompts", 5_000), number("engines", 5), number("weeks", 52),
                    number("competitors", 10), options.get("account"), wholeNumber("seed", 42));
        }

        BenchRunner.Options runOptions() {
            long project = wholeNumber("project", 0);
            if (project < 1) {
                throw new IllegalArgumentException("--project must be a project id");
            }
            return new BenchRunner.Options(project, options.get("base-url"), options.get("key"),
                    number("iterations", 30), number("warmup", 3), options.get("family"));
        }

        private int number(String name, int defaultValue) {
            long value = wholeNumber(name, defaultValue);
            if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("--" + name + " is out of range");
            }
            return (int) value;
        }

        private long wholeNumber(String name, long defaultValue) {
            String value = options.get(name);
            if (value == null) {
                return defaultValue;
            }
            try {
                return Long.parseLong(value.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + " must be a whole number, not " + value);
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
