package org.f2fsobs.bench.script;

/**
 * A script that cannot run as written: the message names the line (number and text) and why. The CLI turns it into
 * exit status 2, the REST API into a 422 problem; it is raised while the whole script is parsed, before anything runs.
 */
public final class ScriptException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int lineNumber;
    private final String line;

    public ScriptException(int lineNumber, String line, String why) {
        super((lineNumber > 0 ? "script line " + lineNumber + " '" + line + "': " : line.isEmpty() ? "script: " : line + ": ") + why,
                null, false, false);
        this.lineNumber = lineNumber;
        this.line = line;
    }

    /** 1-based number of the offending line in the script text. */
    public int lineNumber() {
        return lineNumber;
    }

    /** The offending line as written (a prompt included). */
    public String line() {
        return line;
    }

    /** Why a line is refused, before the parser knows which line it is on. */
    static final class Why extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Why(String message) {
            super(message, null, false, false);
        }
    }
}
