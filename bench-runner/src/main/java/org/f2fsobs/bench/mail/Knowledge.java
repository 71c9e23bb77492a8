package org.f2fsobs.bench.mail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the reader knows besides the mail: which kernel functions each flag switches ({@code mail/flag-code.json}) and
 * which words point to which profile ({@code mail/profile-clues.json}). Read once.
 */
final class Knowledge {
    /** One flag's entry: the functions it switches, the day of its patch mail, whether it was merged, its scenario. */
    record FlagEntry(String flag, List<String> functions, LocalDate since, boolean merged, String scenario) {}

    record Clue(String profile, List<String> words, LocalDate until) {}

    static final List<FlagEntry> FLAGS;
    static final List<Clue> CLUES;
    static final String DEFAULT_PROFILE;

    static {
        Map<String, Object> flags = read("mail/flag-code.json");
        List<FlagEntry> fl = new ArrayList<>();
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> fm = (Map<String, Map<String, Object>>) flags.get("flags");
        for (Map.Entry<String, Map<String, Object>> e : fm.entrySet()) {
            Map<String, Object> v = e.getValue();
            @SuppressWarnings("unchecked")
            List<String> fns = (List<String>) v.get("functions");
            fl.add(new FlagEntry(e.getKey(), List.copyOf(fns), LocalDate.parse((String) v.get("since")), (Boolean) v.get("merged"),
                    (String) v.get("scenario")));
        }
        FLAGS = List.copyOf(fl);
        Map<String, Object> clues = read("mail/profile-clues.json");
        List<Clue> cl = new ArrayList<>();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> cs = (List<Map<String, Object>>) clues.get("profiles");
        for (Map<String, Object> c : cs) {
            @SuppressWarnings("unchecked")
            List<String> words = (List<String>) c.get("clues");
            cl.add(new Clue((String) c.get("profile"), List.copyOf(words), c.get("until") == null ? null : LocalDate.parse((String) c.get("until"))));
        }
        CLUES = List.copyOf(cl);
        DEFAULT_PROFILE = (String) clues.get("default");
    }

    private Knowledge() {}

    @SuppressWarnings("unchecked")
    private static Map<String, Object> read(String name) {
        try (InputStream in = Knowledge.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException(name + " is not on the class path");
            return JsonMapper.builder().build().readValue(in, LinkedHashMap.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The flags whose functions the diff changes, with the functions that matched. */
    static Map<String, List<String>> flagsTouched(List<String> functions) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (FlagEntry f : FLAGS) {
            List<String> hit = functions.stream().filter(f.functions()::contains).toList();
            if (!hit.isEmpty()) out.put(f.flag(), hit);
        }
        return out;
    }

    /** A flag's value in the kernel of a mail written on {@code day}: on when its patch was merged and is not newer. */
    static boolean eraValue(FlagEntry f, LocalDate day) {
        return f.merged() && day != null && !day.isBefore(f.since());
    }

    static FlagEntry flag(String name) {
        return FLAGS.stream().filter(f -> f.flag().equals(name)).findFirst().orElse(null);
    }

    /** The profile the words of {@code text} point to (most clues, first listed), and why; the default otherwise. */
    static String[] profile(String text, LocalDate day) {
        String lower = text.toLowerCase(Locale.ROOT);
        String best = null;
        List<String> bestWords = List.of();
        for (Clue c : CLUES) {
            if (c.until() != null && (day == null || day.isAfter(c.until()))) continue;
            List<String> hit = c.words().stream().filter(w -> lower.contains(w.toLowerCase(Locale.ROOT))).toList();
            if (hit.size() > bestWords.size()) {
                best = c.profile();
                bestWords = hit;
            }
        }
        if (best == null) {
            return new String[] {DEFAULT_PROFILE, "no word of the mail names a machine a profile models (mail/profile-clues.json): "
                    + DEFAULT_PROFILE + ", the default; choose another if the mail's machine is closer to it"};
        }
        return new String[] {best, "the mail says " + String.join(", ", bestWords.stream().map(w -> "'" + w + "'").toList())
                + " (mail/profile-clues.json)"};
    }
}
