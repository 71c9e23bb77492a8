package org.f2fsobs.engine.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Reads and checks the range of a numeric profile leaf ({@code docs/profile-sources.md} §0): {@code low ≤ value ≤ high}
 * within the key's hard limits, both ends sourced, {@code assumption} exactly when the basis is {@code assumption}, and
 * where a nominal was picked, candidates inside the range, one source each, and the nominal the rule gives. An
 * overridden value ({@code --profile-set}) is a what-if: it may leave the range and the rule.
 */
final class ProfileRanges {
    static final Set<String> RANGE_KEYS = new TreeSet<>(List.of("low", "high", "low_source", "high_source", "assumption",
            "basis", "candidates", "candidate_sources", "rule"));
    static final Set<String> BASES = new TreeSet<>(List.of("fact", "measured", "derived", "calibrated", "assumption", "model"));

    private final String file;

    ProfileRanges(String file) {
        this.file = file;
    }

    Sourced.Range read(JsonNode leaf, String path, long value, long min, long max, boolean overridden) {
        for (String k : List.of("low", "high", "low_source", "high_source", "assumption", "basis")) {
            if (!leaf.has(k)) throw error(path, "has no " + k + " (every numeric constant carries a sourced range)");
        }
        long low = integer(leaf, "low", path), high = integer(leaf, "high", path);
        String lowSource = text(leaf, "low_source", path), highSource = text(leaf, "high_source", path);
        if (low > high) throw error(path, "low " + low + " is above high " + high);
        if (low < min || high > max) throw error(path, "range [" + low + ", " + high + "] leaves the key's limits [" + min + ", " + max + "]");
        if (!overridden && (value < low || value > high)) {
            throw error(path, "value " + value + " is outside its range [" + low + ", " + high + "]");
        }
        if (!leaf.get("assumption").isBoolean()) throw error(path, "assumption must be true or false");
        boolean assumption = leaf.get("assumption").asBoolean();
        String basis = text(leaf, "basis", path);
        if (!BASES.contains(basis)) throw error(path, "basis '" + basis + "' is not one of " + BASES);
        if (assumption != basis.equals("assumption")) {
            throw error(path, "assumption is " + assumption + " but the basis is " + basis + " (an assumption's basis is 'assumption')");
        }
        return new Sourced.Range(low, high, lowSource, highSource, assumption, basis, pick(leaf, path, value, low, high, overridden));
    }

    private Sourced.Pick pick(JsonNode leaf, String path, long value, long low, long high, boolean overridden) {
        boolean any = leaf.has("candidates") || leaf.has("candidate_sources") || leaf.has("rule");
        if (!any) return null;
        if (!leaf.has("candidates") || !leaf.has("candidate_sources") || !leaf.has("rule")) {
            throw error(path, "candidates, candidate_sources and rule go together");
        }
        JsonNode c = leaf.get("candidates"), cs = leaf.get("candidate_sources");
        if (!c.isArray() || c.isEmpty()) throw error(path, "candidates must be a non-empty array of integers");
        if (!cs.isArray() || cs.size() != c.size()) throw error(path, "candidate_sources must name one source per candidate");
        List<Long> candidates = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            if (!c.get(i).isIntegralNumber()) throw error(path, "candidate " + i + " is not an integer");
            long x = c.get(i).asLong();
            if (x < low || x > high) throw error(path, "candidate " + x + " is outside the range [" + low + ", " + high + "]");
            candidates.add(x);
            String s = cs.get(i).isString() ? cs.get(i).asString() : "";
            if (s.isBlank()) throw error(path, "candidate " + i + " has no source");
            sources.add(s);
        }
        String ruleKey = text(leaf, "rule", path);
        NominalRule rule = NominalRule.of(ruleKey).orElseThrow(() -> error(path, "rule '" + ruleKey + "' is unknown (known: median)"));
        long nominal = rule.apply(candidates);
        if (!overridden && nominal != value) {
            throw error(path, "value " + value + " is not what its rule gives: " + ruleKey + " of " + candidates + " = " + nominal);
        }
        return new Sourced.Pick(List.copyOf(candidates), List.copyOf(sources), ruleKey);
    }

    /** A non-numeric leaf carries no range. */
    void refuseRange(JsonNode leaf, String path) {
        for (String k : RANGE_KEYS) if (leaf.has(k)) throw error(path, "is not numeric and carries no " + k);
    }

    private long integer(JsonNode leaf, String key, String path) {
        JsonNode n = leaf.get(key);
        if (!n.isIntegralNumber()) throw error(path, key + " must be an integer");
        return n.asLong();
    }

    private String text(JsonNode leaf, String key, String path) {
        JsonNode n = leaf.get(key);
        if (n == null || !n.isString() || n.asString().isBlank()) throw error(path, "has an empty " + key);
        return n.asString();
    }

    private ProfileException error(String path, String what) {
        return new ProfileException(file + ": " + path + " " + what);
    }
}
