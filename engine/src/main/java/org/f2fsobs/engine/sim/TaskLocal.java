package org.f2fsobs.engine.sim;

import java.util.concurrent.atomic.AtomicInteger;

/** A key for per-task state ({@link SimTask#local}); create one per kind of state, as a static constant. */
public final class TaskLocal<T> {
    private static final AtomicInteger NEXT = new AtomicInteger();
    private final int index = NEXT.getAndIncrement();
    private final String name;

    public TaskLocal(String name) {
        this.name = name;
    }

    int index() {
        return index;
    }

    @Override
    public String toString() {
        return "TaskLocal[" + name + "]";
    }
}
