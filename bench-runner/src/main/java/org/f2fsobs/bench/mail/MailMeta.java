package org.f2fsobs.bench.mail;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A mail's metadata, each part with where it came from: subject, author, date, Message-ID, the patch version and its
 * place in a series. Read from the headers when the paste has them, else from the lines a public-inbox page or a
 * quoting reply shows ({@code * [PATCH] …}, {@code From: … @ 2025-08-21}, {@code On 2018/8/11 2:56, X wrote:}).
 *
 * @param subject      the subject without list tags ({@code [f2fs-dev]}) and without {@code Re:}
 * @param patchVersion 1 for an unnumbered [PATCH], else the N of vN
 * @param series       "2/2" when the subject numbers the patch in a series, else null
 * @param date         the day the patch was written (the era of its kernel), or null
 * @param messageId    without angle brackets, or null (the paste shows none)
 */
public record MailMeta(Part subject, Part author, Part date, LocalDate day, Part messageId, int patchVersion, String series) {

    /** A value and where it is in the paste (null span: not in the paste). */
    public record Part(String value, Span span) {}

    private static final Pattern PATCH_TAG = Pattern.compile("\\[(?:RFC )?PATCH(?: RESEND)?(?: v(\\d+))?(?: (\\d+/\\d+))?\\]");
    private static final Map<String, Integer> MONTHS = Map.ofEntries(Map.entry("jan", 1), Map.entry("feb", 2), Map.entry("mar", 3),
            Map.entry("apr", 4), Map.entry("may", 5), Map.entry("jun", 6), Map.entry("jul", 7), Map.entry("aug", 8),
            Map.entry("sep", 9), Map.entry("oct", 10), Map.entry("nov", 11), Map.entry("dec", 12));

    static MailMeta read(MailText m) {
        Part subject = null, author = null, date = null, id = null;
        List<MailText.Line> hs = headerLines(m);
        for (int i = 0; i < hs.size(); i++) {
            MailText.Line l = hs.get(i);
            String t = l.text();
            int colon = t.indexOf(':');
            if (colon < 0 || t.startsWith(" ") || t.startsWith("\t")) continue;
            String key = t.substring(0, colon).toLowerCase(Locale.ROOT);
            Part v = value(l, colon + 1);
            for (int j = i + 1; m.shape == MailText.Shape.MBOX && j < hs.size() && (hs.get(j).text().startsWith(" ") || hs.get(j).text().startsWith("\t")); j++) {
                MailText.Line c = hs.get(j);               // a folded header continues on indented lines
                v = new Part(v.value() + " " + c.text().strip(), new Span(v.span().start(), c.textStart() + c.text().length()));
            }
            switch (key) {
                case "subject" -> subject = subject == null ? v : subject;
                case "from" -> author = author == null ? v : author;
                case "date" -> date = date == null ? v : date;
                case "message-id" -> id = id == null ? v : id;
                default -> { }
            }
        }
        List<MailText.Line> all = m.lines;
        if (subject == null) subject = firstMatch(all, "^(?:\\* )?(?:Re: )*(.*\\[(?:RFC )?PATCH.*)$");
        if (author == null) author = firstMatch(all, "^From: (.+?)(?: @ .*)?$");
        if (date == null) date = firstMatch(all, "^(?:From: .* )?@ (\\d{4}-\\d{2}-\\d{2}.*?)(?: UTC.*)?$");
        if (date == null) date = firstMatch(all, "^On (.+?), [^,]+ wrote:$");
        if (id == null) id = firstMatch(all, "(?i)^Message-ID:\\s*(<[^>]+>)");
        if (id == null) id = firstMatch(all, "lore\\.kernel\\.org/[^/\\s]+/([^/\\s]+@[^/\\s]+)/");
        if (subject != null) subject = new Part(cleanSubject(subject.value()), subject.span());
        if (id != null) id = new Part(id.value().replaceAll("^<|>$", "").trim(), id.span());
        int version = 1;
        String series = null;
        if (subject != null) {
            Matcher t = PATCH_TAG.matcher(subject.value());
            if (t.find()) {
                if (t.group(1) != null) version = Integer.parseInt(t.group(1));
                series = t.group(2);
            }
        }
        return new MailMeta(subject, author, date, date == null ? null : day(date.value()), id, version, series);
    }

    private static List<MailText.Line> headerLines(MailText m) {
        if (m.shape == MailText.Shape.MBOX || m.shape == MailText.Shape.MBOX_FLATTENED) return m.lines.subList(0, m.bodyStart);
        return List.of();
    }

    /** The header's value after the colon, unfolded onto one line (an mbox header may continue on indented lines). */
    private static Part value(MailText.Line l, int from) {
        String t = l.text();
        int a = from;
        while (a < t.length() && t.charAt(a) == ' ') a++;
        String v = t.substring(a).trim();
        return new Part(v, new Span(l.textStart() + a, l.textStart() + t.length()));
    }

    private static Part firstMatch(List<MailText.Line> lines, String regex) {
        Pattern p = Pattern.compile(regex);
        for (MailText.Line l : lines) {
            Matcher m = p.matcher(l.text());
            if (m.find()) return new Part(m.group(1).trim(), new Span(l.textStart() + m.start(1), l.textStart() + m.end(1)));
        }
        return null;
    }

    static String cleanSubject(String s) {
        String t = s.replaceAll("\\s+", " ").trim();
        while (t.matches("(?i)^(re|fwd?):\\s.*")) t = t.substring(t.indexOf(':') + 1).trim();
        return t.replaceFirst("^\\[f2fs-dev]\\s*", "").trim();
    }

    /** The subject without its [PATCH …] tag and the "f2fs:" prefix: "add ckpt_valid_blocks to the section entry". */
    public String topic() {
        if (subject == null) return "";
        return subject.value().replaceAll("\\[[^]]*]", "").replaceFirst("^\\s*f2fs:\\s*", "").replaceFirst("^compress:\\s*", "").trim();
    }

    /** The day in a date as mails write it: RFC 2822, ISO, 2018/8/11, "Aug 12, 2020"; null when none is found. */
    static LocalDate day(String text) {
        Matcher m = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})").matcher(text);
        if (m.find()) return LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        m = Pattern.compile("(\\d{4})/(\\d{1,2})/(\\d{1,2})").matcher(text);
        if (m.find()) return LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        m = Pattern.compile("(?i)(\\d{1,2}) (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\\w* (\\d{4})").matcher(text);
        if (m.find()) return LocalDate.of(Integer.parseInt(m.group(3)), MONTHS.get(m.group(2).toLowerCase(Locale.ROOT)), Integer.parseInt(m.group(1)));
        m = Pattern.compile("(?i)(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\\w* (\\d{1,2}),? (\\d{4})").matcher(text);
        if (m.find()) return LocalDate.of(Integer.parseInt(m.group(3)), MONTHS.get(m.group(1).toLowerCase(Locale.ROOT)), Integer.parseInt(m.group(2)));
        return null;
    }
}
