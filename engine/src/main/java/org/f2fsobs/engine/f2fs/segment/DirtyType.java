package org.f2fsobs.engine.f2fs.segment;

/** enum dirty_type: dirty segments per log type, all dirty segments, and prefree ("entirely obsolete") ones. */
public enum DirtyType {
    DIRTY_HOT_DATA, DIRTY_WARM_DATA, DIRTY_COLD_DATA, DIRTY_HOT_NODE, DIRTY_WARM_NODE, DIRTY_COLD_NODE, DIRTY, PRE;

    public static DirtyType of(CursegType t) {
        return values()[t.ordinal()];
    }
}
