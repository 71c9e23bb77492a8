package org.f2fsobs.app.matrix;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The comparisons of unfinished matrices, by matrix and number of cells done, for the few matrices being watched:
 * a page that polls a running 1 000-cell matrix recomputes the bootstrap only when another cell has finished.
 */
final class PartialComparisons {
    private record Cached(int cellsDone, MatrixService.MatrixComparisons comparisons) {}

    private final Map<Long, Cached> entries;

    PartialComparisons(int capacity) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Cached> eldest) {
                return size() > capacity;
            }
        };
    }

    synchronized MatrixService.MatrixComparisons get(long matrixId, int cellsDone) {
        Cached e = entries.get(matrixId);
        return e != null && e.cellsDone() == cellsDone ? e.comparisons() : null;
    }

    synchronized void put(long matrixId, int cellsDone, MatrixService.MatrixComparisons comparisons) {
        entries.put(matrixId, new Cached(cellsDone, comparisons));
    }
}
