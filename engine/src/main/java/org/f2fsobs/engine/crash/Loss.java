package org.f2fsobs.engine.crash;

/**
 * A broken promise found after recovery: which bytes of which file, what promised them, which write's data the
 * range should hold and which it holds.
 *
 * @param file              the file's path on the volume ("/dir/name")
 * @param offset            first byte of the range
 * @param length            bytes in the range: consecutive pages that fail under the same kind of promise and
 *                          check are one range; the other fields describe its first page
 * @param promise           {@code fsync}, {@code fdatasync}, {@code sync} or {@code O_SYNC}
 * @param promiseEvent      the journal event at which the promise returned
 * @param promisedWrite     write sequence number of the write the range had to hold (or a later one); 0: none
 *                          (the range had to read as a hole or zeros)
 * @param foundWrite        write sequence number whose data the range holds after recovery; 0: no write's data for
 *                          it (a hole, zeros, a compressed cluster's block read as a raw page, or the range is missing)
 * @param byIdentity        true when the write identity shows the loss; false when only the bytes do
 * @param what              the same in words
 * @param rewrittenAtCut    true when a later write of the first page had returned before the cut without a promise
 *                          covering it yet: the cut caught that rewrite on its way to disk (with fsync_mode=posix an
 *                          out-of-place rewrite's dnode can reach the disk before its data block: docs/gc.md); false
 *                          for a page nothing was rewriting, whose promise no cut may break
 */
public record Loss(String file, long offset, long length, String promise, int promiseEvent, long promisedWrite, long foundWrite,
                   boolean byIdentity, String what, boolean rewrittenAtCut) {

    /** This loss extended by {@code bytes} more (the next page failed the same way). */
    Loss extend(long bytes) {
        return new Loss(file, offset, length + bytes, promise, promiseEvent, promisedWrite, foundWrite, byIdentity, what, rewrittenAtCut);
    }
}
