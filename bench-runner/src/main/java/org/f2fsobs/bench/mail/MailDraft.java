package org.f2fsobs.bench.mail;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.FieldError;

/**
 * A scenario draft read from a patch mail (docs/mail-import.md §3): the whole document ({@link #json()}, what
 * {@code import-mail --format json} prints and {@code POST /api/scenarios/import} answers), and what callers act on.
 *
 * @param id        the id proposed for the scenario ({@code mail-…})
 * @param runnable  whether {@code scenario} is a scenario the runner accepts as it stands
 * @param scenario  the scenario in the catalog's file format, or null when the mail has no measured command
 * @param problems  why it is not runnable (each names the field: flag, script, sides, …); empty when runnable
 */
public record MailDraft(String id, boolean runnable, Map<String, Object> json, Map<String, Object> scenario, List<FieldError> problems,
                        String messageId, String subject) {
    public MailDraft {
        problems = List.copyOf(problems);
    }
}
