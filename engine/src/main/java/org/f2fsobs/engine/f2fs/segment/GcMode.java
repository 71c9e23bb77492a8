package org.f2fsobs.engine.f2fs.segment;

/**
 * The victim policies of fs/f2fs/segment.h ({@code GC_CB, GC_GREEDY, GC_AT, ALLOC_NEXT, FLUSH_DEVICE}, up to
 * {@code MAX_GC_POLICY}), as indices of {@code SIT_I(sbi)->last_victim[]}, and the two GC types. Foreground GC uses GC_GREEDY (select_gc_type), background GC
 * GC_CB, and an SSR search GC_GREEDY over one log type's dirty segments; GC_AT (ATGC) is not modelled.
 */
public final class GcMode {
    public static final int GC_CB = 0;
    public static final int GC_GREEDY = 1;
    public static final int GC_AT = 2;
    public static final int ALLOC_NEXT = 3;
    public static final int FLUSH_DEVICE = 4;
    public static final int MAX_GC_POLICY = 5;

    /** alloc_mode (segment.h {@code enum { LFS = 0, SSR, AT_SSR }}): how a log allocates, and whom a victim search serves. */
    public static final int LFS = 0;
    public static final int SSR = 1;

    /** gc_type */
    public enum GcType { BG_GC, FG_GC }

    private GcMode() {}
}
