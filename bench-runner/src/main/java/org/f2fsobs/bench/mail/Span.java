package org.f2fsobs.bench.mail;

/**
 * A character range [start, end) of the pasted mail (UTF-16 code units, as Java and JavaScript index strings): where
 * an extracted part came from, so a page can highlight it.
 */
public record Span(int start, int end) {
    public Span {
        if (start < 0 || end < start) throw new IllegalArgumentException("bad span [" + start + ", " + end + ")");
    }

    public String of(String text) {
        return text.substring(start, end);
    }

    /** The smallest span covering both. */
    public Span union(Span o) {
        return new Span(Math.min(start, o.start), Math.max(end, o.end));
    }
}
