package org.f2fsobs.bench.mail;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.f2fsobs.bench.scenario.Figure;
import org.f2fsobs.bench.scenario.ParamSpec;
import org.f2fsobs.bench.scenario.Reference;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScriptStep;
import org.f2fsobs.bench.scenario.UnitConversion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each seed mail, imported, gives its catalog scenario field by field: the mail's Test lines, the script lines that come
 * from the mail (templates and all; the catalog's "ours:" set-up lines are drafted by rule, so they are compared only
 * where the rule and the catalog agree, P2), the measured command (P3's inferred), the flag and the era table, the
 * parameters the mail varies, every reference (metric, point, row, printed values on each side, approximate), and every
 * unit's conversion; the draft's scenario loads as a user scenario.
 */
class SeedImportTests {
    private static final ScenarioCatalog CATALOG = ScenarioCatalog.load();

    static Stream<Arguments> seeds() {
        return Stream.of(Arguments.of("000_ea68bffc9d5138c9.txt", "fio-large-section"), Arguments.of("001_d57d12ce94eb8787.txt", "dd-compressed-read"),
                Arguments.of("003_0e7bff0b483bb02d.txt", "iozone-compressed-sync"), Arguments.of("004_2c36bc703d07533a.txt", "tiotest-multithread-read"));
    }

    private static Scenario imported(String seed) {
        MailDraft d = DraftBuilder.build(Mails.resource("seeds/" + seed), CATALOG);
        assertThat(d.problems()).as("problems of the draft of " + seed).isEmpty();
        assertThat(d.runnable()).isTrue();
        return ScenarioCatalog.parseUser("draft of " + seed, d.scenario());
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("seeds")
    void mailLinesCommandFlagAndProfileAreTheCatalogs(String seed, String id) {
        Scenario c = CATALOG.get(id), s = imported(seed);
        assertThat(s.origin()).isEqualTo(Scenario.USER);
        assertThat(s.mailLines()).isEqualTo(c.mailLines());
        assertThat(s.tool()).isEqualTo(c.tool());
        assertThat(s.command()).isEqualTo(c.command());
        assertThat(s.inferred()).isEqualTo(c.inferred());
        assertThat(s.flag()).isEqualTo(c.flag());
        assertThat(s.flagTable()).isEqualTo(c.flagTable());
        assertThat(s.profile()).isEqualTo(c.profile());
        assertThat(s.headline()).isEqualTo(c.headline());
        assertThat(s.rowMetric()).isEqualTo(c.rowMetric());
    }

    @org.junit.jupiter.api.Test
    void p3sCommandIsInferredWithItsReasoningAsTheCatalogsIs() {
        assertThat(CATALOG.get("iozone-compressed-sync").inferred()).isTrue();
        MailDraft d = DraftBuilder.build(Mails.resource("seeds/003_0e7bff0b483bb02d.txt"), CATALOG);
        @SuppressWarnings("unchecked")
        Map<String, Object> command = (Map<String, Object>) d.json().get("command");
        assertThat(command).containsEntry("inferred", true).containsEntry("line", "iozone -a -o -s 100m -i 0 -i 1 -i 2").containsEntry("span", null);
        assertThat((String) command.get("reasoning")).contains("without the command line", "-a", "-s 100m", "-i 0 -i 1 -i 2", "need_do_checkpoint", "-o");
        assertThat(d.scenario()).containsEntry("inferred", true);
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("seeds")
    void theScriptLinesFromTheMailAreTheCatalogs(String seed, String id) {
        Scenario c = CATALOG.get(id), s = imported(seed);
        List<String> fromMail = c.script().stream().filter(st -> !st.why().startsWith("ours")).map(ScriptStep::line).toList();
        List<String> measured = c.script().stream().filter(ScriptStep::headline).map(ScriptStep::line).toList();
        if (c.inferred()) {
            // P3: no line of the mail; the measured line is the inferred command with the size as the placeholder
            assertThat(s.script().stream().filter(ScriptStep::headline).map(ScriptStep::line).toList())
                    .containsExactly("iozone -a -o -s {size} -i 0 -i 1 -i 2");
            assertThat(measured.get(0)).startsWith("iozone -a -o -s {size} -i 0 -i 1 -i 2");
        } else {
            List<String> draftFromMail = s.script().stream().filter(st -> !st.why().startsWith("ours") && !st.why().startsWith("inferred"))
                    .map(ScriptStep::line).toList();
            assertThat(draftFromMail).isEqualTo(fromMail);
            assertThat(s.script().stream().filter(ScriptStep::headline).map(ScriptStep::line).toList()).isEqualTo(measured);
        }
        if (id.equals("dd-compressed-read")) {
            assertThat(s.script().stream().map(st -> st.line() + " " + st.when()).toList())
                    .isEqualTo(c.script().stream().map(st -> st.line() + " " + st.when()).toList());
        }
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("seeds")
    void referencesAreTheCatalogsFigureByFigure(String seed, String id) {
        Scenario c = CATALOG.get(id), s = imported(seed);
        assertThat(s.references()).hasSameSizeAs(c.references());
        for (Reference r : c.references()) {
            Reference d = s.references().stream().filter(x -> x.metric().equals(r.metric()) && Objects.equals(x.row(), r.row())
                    && x.when().equals(r.when())).findFirst().orElse(null);
            assertThat(d).as(id + ": a reference for " + r.metric() + " row " + r.row() + " at " + r.when()).isNotNull();
            assertSide(id + " " + r.metric() + " before", d.before(), r.before());
            assertSide(id + " " + r.metric() + " after", d.after(), r.after());
        }
    }

    private static void assertSide(String what, Figure draft, Figure catalog) {
        if (catalog == null) {
            assertThat(draft).as(what).isNull();
            return;
        }
        assertThat(draft).as(what).isNotNull();
        assertThat(draft.printed()).as(what).isEqualTo(catalog.printed());
        assertThat(draft.conversion().unit()).as(what).isEqualTo(catalog.conversion().unit());
        assertThat(draft.approximate()).as(what).isEqualTo(catalog.approximate());
        assertThat(draft.value()).as(what).isEqualTo(catalog.value());
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("seeds")
    void unitsConvertAsTheCatalogs(String seed, String id) {
        Scenario c = CATALOG.get(id), s = imported(seed);
        assertThat(s.units().keySet()).isEqualTo(c.units().keySet());
        for (Map.Entry<String, UnitConversion> e : c.units().entrySet()) {
            UnitConversion d = s.units().get(e.getKey());
            assertThat(d.base()).as(e.getKey()).isEqualTo(e.getValue().base());
            assertThat(d.factor()).as(e.getKey()).isEqualTo(e.getValue().factor());
        }
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("seeds")
    void theParametersTheMailGivesAreTheCatalogs(String seed, String id) {
        Scenario c = CATALOG.get(id), s = imported(seed);
        assertThat(s.paramNames()).isEqualTo(c.paramNames());
        for (ParamSpec p : c.params()) {
            ParamSpec d = s.param(p.name()).orElseThrow();
            assertThat(d.kind()).as(p.name()).isEqualTo(p.kind());
            assertThat(d.defaultValue()).as(p.name()).isEqualTo(p.defaultValue());
            assertThat(d.mailValues()).as(p.name()).isEqualTo(p.mailValues());
        }
        assertThat(s.scale().shrinks()).isEqualTo(c.scale().shrinks());
        assertThat(s.scale().fullBytes()).isEqualTo(c.scale().fullBytes());
        assertThat(s.scale().blockBytes()).isEqualTo(c.scale().blockBytes());
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("seeds")
    void theDraftSaysWhereEachPartCameFrom(String seed, String id) {
        String mail = Mails.resource("seeds/" + seed);
        MailDraft d = DraftBuilder.build(mail, CATALOG);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> figures = (List<Map<String, Object>>) d.json().get("figures");
        assertThat(figures).isNotEmpty();
        for (Map<String, Object> f : figures) {
            @SuppressWarnings("unchecked")
            List<Integer> span = (List<Integer>) f.get("span");
            String printed = mail.substring(span.get(0), span.get(1));
            assertThat(printed).as("figure span of " + f).contains(String.valueOf(f.get("printed")).split(" ")[0]);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> test = (Map<String, Object>) d.json().get("test");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> lines = (List<Map<String, Object>>) test.get("lines");
        for (Map<String, Object> l : lines) {
            @SuppressWarnings("unchecked")
            List<Integer> span = (List<Integer>) l.get("span");
            String first = String.valueOf(l.get("text")).split(" ")[0];
            assertThat(mail.substring(span.get(0), span.get(1))).as("Test line span").startsWith(first);
        }
    }
}
