package org.f2fsobs.app.queue;

import java.util.Arrays;
import java.util.List;

/** The life of a matrix, a cell, a run or a crash check (contracts.md §4). */
public enum Status {
    QUEUED, RUNNING, DONE, FAILED, CANCELLED;

    /** DONE, FAILED or CANCELLED: nothing more will run. */
    public boolean ended() {
        return this == DONE || this == FAILED || this == CANCELLED;
    }

    public static List<String> names() {
        return Arrays.stream(values()).map(Enum::name).toList();
    }
}
