package org.f2fsobs.bench.mail;

import java.util.List;
import org.f2fsobs.bench.api.FieldError;

/**
 * A paste the reader cannot make an experiment of, with every reason, each naming what is missing: {@code mail} (not
 * a mail, too large, a NUL byte), {@code figures} (none, or no two sides), {@code command} (no tool line prints the
 * figures and none can be inferred), {@code flag} (the sides are the patch and no flag switches its code). The CLI
 * exits 2 with it, the REST API answers 422.
 */
public final class MailImportException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient List<FieldError> errors;
    private final String limit;

    public MailImportException(List<FieldError> errors, String limit) {
        super(String.join("; ", errors.stream().map(e -> e.field() + ": " + e.message()).toList()), null, false, false);
        this.errors = List.copyOf(errors);
        this.limit = limit;
    }

    public MailImportException(String field, String message) {
        this(List.of(new FieldError(field, message)), null);
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** The limit exceeded ({@code mail_chars}), or null. */
    public String limit() {
        return limit;
    }
}
