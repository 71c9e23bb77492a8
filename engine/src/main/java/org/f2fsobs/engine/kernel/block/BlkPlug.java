package org.f2fsobs.engine.kernel.block;

import java.util.ArrayList;
import java.util.List;

/** Mirrors {@code struct blk_plug}: requests a task batches (and merges) before they reach the scheduler. */
final class BlkPlug {
    final List<Request> list = new ArrayList<>();
    int depth;          // nested blk_start_plug calls
}
