package org.f2fsobs.bench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.mail.DraftBuilder;
import org.f2fsobs.bench.mail.MailDraft;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bench-runner import-mail FILE [--format text|json]} (contracts.md §6): a scenario draft from a patch mail
 * (docs/mail-import.md). FILE may be {@code -} for standard input. A mail the reader cannot make an experiment of
 * exits 2 naming everything that is missing.
 */
@Command(name = "import-mail", mixinStandardHelpOptions = true, description = "Prints a scenario draft read from a patch mail (docs/mail-import.md).")
final class ImportMail implements Callable<Integer> {
    @Parameters(index = "0", description = "the mail: a file (mbox, a saved public-inbox page, plain text) or - for standard input")
    String file;
    @Option(names = "--format", defaultValue = "text", description = "text or json")
    String format;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        BenchRunnerCli.checkFormat(format, "text", "json");
        String mail = read(file);
        MailDraft d = DraftBuilder.build(mail, BenchRunnerCli.catalog());
        PrintWriter out = spec.commandLine().getOut();
        if (format.equals("json")) out.println(ResultJson.mapper().writeValueAsString(d.json()));
        else text(out, d);
        return 0;
    }

    private static String read(String file) throws IOException {
        long max = 4L * DraftBuilder.MAX_CHARS;           // UTF-8: at most 4 bytes per character
        byte[] bytes;
        if (file.equals("-")) {
            bytes = readAtMost(System.in, max + 1);
        } else {
            Path p = Path.of(file);
            try {
                if (Files.size(p) > max) {
                    throw new BenchRunnerCli.UsageError("mail " + file + ": " + Files.size(p) + " bytes, over the limit mail_chars = "
                            + DraftBuilder.MAX_CHARS + " characters");
                }
                bytes = Files.readAllBytes(p);
            } catch (NoSuchFileException e) {
                throw new BenchRunnerCli.UsageError("mail " + file + ": no such file");
            }
        }
        if (bytes.length > max) throw new BenchRunnerCli.UsageError("mail on standard input: over the limit mail_chars = " + DraftBuilder.MAX_CHARS + " characters");
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static byte[] readAtMost(InputStream in, long limit) throws IOException {
        return in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit));
    }

    @SuppressWarnings("unchecked")
    private static void text(PrintWriter out, MailDraft d) {
        Map<String, Object> j = d.json();
        Map<String, Object> mail = (Map<String, Object>) j.get("mail");
        out.println("draft " + d.id() + (d.runnable() ? " (runnable)" : " (not runnable)"));
        out.println("  subject:    " + value(mail.get("subject")));
        out.println("  message-id: " + value(mail.get("message_id")) + "   day: " + mail.get("day") + "   shape: " + mail.get("shape"));
        Map<String, Object> cmd = (Map<String, Object>) j.get("command");
        out.println("  command:    " + cmd.get("line") + (Boolean.TRUE.equals(cmd.get("inferred")) ? "   (inferred)" : ""));
        Map<String, Object> sides = (Map<String, Object>) j.get("sides");
        out.println("  sides:      " + sides.get("differ_in") + (sides.get("flag") instanceof Map<?, ?> f ? " (flag " + f.get("name") + ", " + f.get("status") + ")"
                : " " + sides.get("parameter")));
        Map<String, Object> prof = (Map<String, Object>) j.get("profile");
        out.println("  profile:    " + prof.get("name") + " (" + prof.get("reason") + ")");
        out.println("  script:");
        for (Map<String, Object> s : (List<Map<String, Object>>) j.get("script")) {
            out.println("    " + (Boolean.TRUE.equals(s.get("headline")) ? "* " : "  ") + s.get("line") + (s.containsKey("when") ? "   when " + s.get("when") : "")
                    + (Boolean.TRUE.equals(s.get("from_mail")) ? "" : "   [" + String.valueOf(s.get("why")).split(":")[0] + "]"));
        }
        out.println("  figures:");
        for (Map<String, Object> f : (List<Map<String, Object>>) j.get("figures")) {
            out.println("    " + f.get("side") + ": " + f.get("printed") + " (" + f.get("label") + ") → " + (f.get("metric") == null ? "not compared" : f.get("metric")));
        }
        for (Map<String, Object> p : (List<Map<String, Object>>) j.get("problems")) out.println("  problem: " + p.get("field") + ": " + p.get("message"));
        for (Object n : (List<Object>) j.get("notes")) out.println("  note: " + n);
    }

    @SuppressWarnings("unchecked")
    private static Object value(Object part) {
        return part instanceof Map<?, ?> m ? ((Map<String, Object>) m).get("value") : null;
    }
}
