package org.f2fsobs.engine.sim;

import java.util.List;

/** No task can make progress: reported with every task involved and what it waits on, never a hang. */
public final class SimDeadlockException extends RuntimeException {
    private final List<String> tasks;

    public SimDeadlockException(String what, List<String> tasks) {
        super(what + ": " + String.join("; ", tasks));
        this.tasks = List.copyOf(tasks);
    }

    /** "name waits on lock-name (owned by other-task)" per blocked task. */
    public List<String> tasks() {
        return tasks;
    }
}
