package org.f2fsobs.engine.platform;

/**
 * The block device of a profile: geometry, queue limits, the service model (per-request latency + bytes /
 * bandwidth, reads and writes apart), cache flush cost, volatile write cache, jitter and I/O scheduler.
 *
 * @param model                    free text, e.g. "null_blk memory_backed" or "UFS 2.1"
 * @param capacityBytes            device size
 * @param queueDepth               requests the device accepts at once (per hardware queue × queues)
 * @param maxSectorsKb             largest request (queue limit max_sectors_kb); bios are split above it
 * @param readLatencyNs            fixed part of a read's service time (overlaps between queued requests)
 * @param writeLatencyNs           fixed part of a write's service time
 * @param readBandwidthBytesPerSec transfer rate for reads (transfers are serialised on one channel)
 * @param writeBandwidthBytesPerSec transfer rate for writes
 * @param commandOverheadNs        per-request time on the channel that does not overlap (command processing)
 * @param flushNs                  a cache flush (REQ_PREFLUSH or an empty flush)
 * @param fuaNs                    extra time of a REQ_FUA write
 * @param volatileCache            completed writes stay volatile until a flush (lost or reordered on power cut)
 * @param latencyJitterMeanNs      mean of an exponential delay added to each request (0 = none)
 * @param scheduler                "none" (blk-mq) or "cfq" (legacy CFQ of 4.x Android kernels)
 * @param cfq                      CFQ tunables (used only when scheduler = cfq)
 * @param submitInCallerContext    a RAM-backed device (null_blk) does its data copy in the submitting task
 * @param nrRequests               /sys/block/X/queue/nr_requests of the legacy request path: requests that may be
 *                                 allocated per direction (sync, async) before submitters sleep in get_request;
 *                                 0 = not modelled (the blk-mq profiles: tag allocation is not modelled)
 */
public record DeviceSpec(String model, long capacityBytes, int queueDepth, int maxSectorsKb,
                         long readLatencyNs, long writeLatencyNs,
                         long readBandwidthBytesPerSec, long writeBandwidthBytesPerSec,
                         long commandOverheadNs, long flushNs, long fuaNs, boolean volatileCache,
                         long latencyJitterMeanNs, String scheduler, CfqTunables cfq, boolean submitInCallerContext,
                         int nrRequests) {

    public int maxRequestBytes() {
        return maxSectorsKb * 1024;
    }

    /** block/cfq-iosched.c tunables (4.9 names). */
    public record CfqTunables(int quantum, long sliceSyncNs, long sliceAsyncNs, long sliceIdleNs,
                              long fifoExpireSyncNs, long fifoExpireAsyncNs, long targetLatencyNs) {}
}
