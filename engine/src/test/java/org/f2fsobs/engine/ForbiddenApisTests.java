package org.f2fsobs.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the engine deterministic: no wall clock, no unseeded randomness, no iteration in hash order, no scenario
 * ids or tool names deciding behaviour. A line may opt out of the hash rule only with the comment
 * {@code // deterministic: lookup only} (a map never iterated).
 */
class ForbiddenApisTests {
    private static final Path MAIN = Path.of("src/main/java");

    static final List<Pattern> FORBIDDEN = List.of(
            Pattern.compile("System\\.(nanoTime|currentTimeMillis)\\s*\\("),
            Pattern.compile("\\b(Instant|LocalDateTime|LocalDate|LocalTime|ZonedDateTime|OffsetDateTime)\\.now\\s*\\("),
            Pattern.compile("Clock\\.system"),
            Pattern.compile("Math\\.random\\s*\\("),
            Pattern.compile("new\\s+(java\\.util\\.)?Random\\s*\\("),
            Pattern.compile("\\b(ThreadLocalRandom|SecureRandom|SplittableRandom)\\b"),
            Pattern.compile("\\b(HashMap|HashSet|IdentityHashMap|ConcurrentHashMap|Hashtable|WeakHashMap)\\b"),
            Pattern.compile("\\b(Set|Map)\\.(of|ofEntries|copyOf)\\s*\\("),
            Pattern.compile("Collectors\\.(toSet|toMap|groupingBy|toUnmodifiableSet|toUnmodifiableMap)\\s*\\("),
            Pattern.compile("\\.parallel(Stream)?\\s*\\("),
            Pattern.compile("identityHashCode"),
            Pattern.compile("\"(fio-large-section|dd-compressed-read|iozone-compressed-sync|tiotest-multithread-read)\""),
            Pattern.compile("\"(fio|dd|iozone|tiotest)\""));

    static final String OPT_OUT = "// deterministic: lookup only";

    static List<String> violations(String file, List<String> lines) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String code = line.strip();
            if (code.startsWith("*") || code.startsWith("//") || code.startsWith("/*")) continue;
            for (Pattern p : FORBIDDEN) {
                if (p.matcher(line).find() && !(line.contains(OPT_OUT) && p.pattern().contains("HashMap"))) {
                    out.add(file + ":" + (i + 1) + ": " + code);
                }
            }
        }
        return out;
    }

    @Test
    void engineMainUsesNoWallClockRandomnessHashOrderOrScenarioNames() throws IOException {
        List<String> all = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                all.addAll(violations(MAIN.relativize(f).toString(), Files.readAllLines(f)));
            }
        }
        assertThat(all).isEmpty();
    }

    @Test
    void theScannerCatchesEachKindOfViolation() {
        List<String> bad = List.of(
                "long t = System.nanoTime();",
                "var r = new Random();",
                "Map<Long, Object> m = new HashMap<>();",
                "for (var x : Set.of(1, 2)) {}",
                "if (scenario.equals(\"fio-large-section\")) fast();",
                "var now = Instant.now();");
        assertThat(violations("X.java", bad)).hasSize(bad.size());
        assertThat(violations("X.java", List.of("Map<SimTask, X> m = new HashMap<>(); " + OPT_OUT))).isEmpty();
        assertThat(violations("X.java", List.of("var m = new LinkedHashMap<String, Long>();", "new TreeMap<>()"))).isEmpty();
    }
}
