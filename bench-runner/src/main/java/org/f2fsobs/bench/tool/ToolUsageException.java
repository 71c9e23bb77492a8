package org.f2fsobs.bench.tool;

/**
 * Bad tool command line or job file, as the real tool would reject it: the message names the offending option or
 * value and says what is allowed. The CLI turns it into exit status 2, the REST API into a 400 problem.
 */
public final class ToolUsageException extends RuntimeException {

    private final String tool;
    private final String offending;

    /**
     * @param tool      the tool whose syntax was violated ({@code fio}, {@code dd}, {@code iozone}, {@code tiotest})
     * @param offending the option or value that was rejected, as the user wrote it
     * @param message   the full message, naming {@code offending} and what is allowed
     */
    public ToolUsageException(String tool, String offending, String message) {
        super(message, null, false, false); // no stack trace: users never see one
        this.tool = tool;
        this.offending = offending;
    }

    /** The tool whose syntax was violated. */
    public String tool() {
        return tool;
    }

    /** The option or value that was rejected, as written. */
    public String offending() {
        return offending;
    }
}
