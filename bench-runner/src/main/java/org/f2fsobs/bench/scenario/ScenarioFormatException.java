package org.f2fsobs.bench.scenario;

/**
 * A scenario file that cannot be read, naming the resource and the JSON path of the offending field
 * ({@code scenarios/fio-large-section.json: references[1].before.unit: unknown unit "MB/s"; declared: MiB/s}).
 * A shipped file that fails is a build error, caught by the catalog's tests.
 */
public class ScenarioFormatException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public ScenarioFormatException(String message) {
        super(message);
    }

    public ScenarioFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
