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
 * @param fuaNs                    extra time of a REQ_FUA write on a device that writes it through its cache (SCSI FUA
 *                                 bit: UFS, SATA); 0 on an eMMC, whose FUA writes are reliable writes instead
 * @param reliableWriteNs          eMMC only: the NAND program a reliable write waits for. Linux's mmc block driver
 *                                 serves every REQ_FUA write as a reliable write (drivers/mmc/core/block.c
 *                                 mmc_blk_data_prep: do_rel_wr, CMD23 bit 31) when the card reports reliable-write
 *                                 support; by JEDEC it bypasses the volatile cache, so it completes only after its data
 *                                 is programmed. 0 = the device has no reliable write
 * @param volatileCache            completed writes stay volatile until a flush (lost or reordered on power cut)
 * @param latencyJitterMeanNs      mean of an exponential delay added to each request (0 = none)
 * @param scheduler                "none" (blk-mq) or "cfq" (legacy CFQ of 4.x Android kernels)
 * @param cfq                      CFQ tunables (used only when scheduler = cfq)
 * @param submitInCallerContext    a RAM-backed device (null_blk) does its data copy in the submitting task
 * @param nrRequests               /sys/block/X/queue/nr_requests of the legacy request path: requests that may be
 *                                 allocated per direction (sync, async) before submitters sleep in get_request;
 *                                 0 = not modelled (the blk-mq profiles: tag allocation is not modelled)
 * @param reads                    the profile's read log ({@link ProfileReads}): every accessor notes its key
 */
public record DeviceSpec(String model, long capacityBytes, int queueDepth, int maxSectorsKb,
                         long readLatencyNs, long writeLatencyNs,
                         long readBandwidthBytesPerSec, long writeBandwidthBytesPerSec,
                         long commandOverheadNs, long flushNs, long fuaNs, long reliableWriteNs, boolean volatileCache,
                         long latencyJitterMeanNs, String scheduler, CfqTunables cfq, boolean submitInCallerContext,
                         int nrRequests, ProfileReads reads) {

    public DeviceSpec {
        if (reads == null) reads = new ProfileReads();
        if (cfq != null) cfq = cfq.withReads(reads);
        if (fuaNs > 0 && reliableWriteNs > 0) {
            throw new IllegalArgumentException("a device serves REQ_FUA either by writing through its cache (fuaNs) or as an"
                    + " eMMC reliable write (reliableWriteNs), not both");
        }
    }

    public DeviceSpec(String model, long capacityBytes, int queueDepth, int maxSectorsKb, long readLatencyNs, long writeLatencyNs,
                      long readBandwidthBytesPerSec, long writeBandwidthBytesPerSec, long commandOverheadNs, long flushNs, long fuaNs,
                      long reliableWriteNs, boolean volatileCache, long latencyJitterMeanNs, String scheduler, CfqTunables cfq,
                      boolean submitInCallerContext, int nrRequests) {
        this(model, capacityBytes, queueDepth, maxSectorsKb, readLatencyNs, writeLatencyNs, readBandwidthBytesPerSec,
                writeBandwidthBytesPerSec, commandOverheadNs, flushNs, fuaNs, reliableWriteNs, volatileCache, latencyJitterMeanNs,
                scheduler, cfq, submitInCallerContext, nrRequests, null);
    }

    // Each accessor notes its read (ProfileReads); the record's own methods read the fields.
    @Override public String model() { reads.note(ProfileReads.DEVICE_MODEL); return model; }
    @Override public long capacityBytes() { reads.note(ProfileReads.DEVICE_CAPACITY_BYTES); return capacityBytes; }
    @Override public int queueDepth() { reads.note(ProfileReads.DEVICE_QUEUE_DEPTH); return queueDepth; }
    @Override public int maxSectorsKb() { reads.note(ProfileReads.DEVICE_MAX_SECTORS_KB); return maxSectorsKb; }
    @Override public long readLatencyNs() { reads.note(ProfileReads.DEVICE_READ_LATENCY_NS); return readLatencyNs; }
    @Override public long writeLatencyNs() { reads.note(ProfileReads.DEVICE_WRITE_LATENCY_NS); return writeLatencyNs; }
    @Override public long readBandwidthBytesPerSec() { reads.note(ProfileReads.DEVICE_READ_BANDWIDTH); return readBandwidthBytesPerSec; }
    @Override public long writeBandwidthBytesPerSec() { reads.note(ProfileReads.DEVICE_WRITE_BANDWIDTH); return writeBandwidthBytesPerSec; }
    @Override public long commandOverheadNs() { reads.note(ProfileReads.DEVICE_COMMAND_OVERHEAD_NS); return commandOverheadNs; }
    @Override public long flushNs() { reads.note(ProfileReads.DEVICE_FLUSH_NS); return flushNs; }
    @Override public long fuaNs() { reads.note(ProfileReads.DEVICE_FUA_NS); return fuaNs; }
    @Override public long reliableWriteNs() { reads.note(ProfileReads.DEVICE_RELIABLE_WRITE_NS); return reliableWriteNs; }
    @Override public boolean volatileCache() { reads.note(ProfileReads.DEVICE_VOLATILE_CACHE); return volatileCache; }
    @Override public long latencyJitterMeanNs() { reads.note(ProfileReads.DEVICE_LATENCY_JITTER_MEAN_NS); return latencyJitterMeanNs; }
    @Override public String scheduler() { reads.note(ProfileReads.DEVICE_SCHEDULER); return scheduler; }
    @Override public boolean submitInCallerContext() { reads.note(ProfileReads.DEVICE_SUBMIT_IN_CALLER_CONTEXT); return submitInCallerContext; }
    @Override public int nrRequests() { reads.note(ProfileReads.DEVICE_NR_REQUESTS); return nrRequests; }

    /** REQ_FUA writes are eMMC reliable writes (cache bypassed, completion after the NAND program). */
    public boolean fuaIsReliableWrite() {
        return reliableWriteNs() > 0;
    }

    public int maxRequestBytes() {
        return maxSectorsKb() * 1024;
    }

    /** block/cfq-iosched.c tunables (4.9 names); each accessor notes its read. */
    public record CfqTunables(int quantum, long sliceSyncNs, long sliceAsyncNs, long sliceIdleNs,
                              long fifoExpireSyncNs, long fifoExpireAsyncNs, long targetLatencyNs, ProfileReads reads) {
        public CfqTunables {
            if (reads == null) reads = new ProfileReads();
        }

        public CfqTunables(int quantum, long sliceSyncNs, long sliceAsyncNs, long sliceIdleNs, long fifoExpireSyncNs,
                           long fifoExpireAsyncNs, long targetLatencyNs) {
            this(quantum, sliceSyncNs, sliceAsyncNs, sliceIdleNs, fifoExpireSyncNs, fifoExpireAsyncNs, targetLatencyNs, null);
        }

        CfqTunables withReads(ProfileReads log) {
            return log == reads ? this : new CfqTunables(quantum, sliceSyncNs, sliceAsyncNs, sliceIdleNs, fifoExpireSyncNs,
                    fifoExpireAsyncNs, targetLatencyNs, log);
        }

        @Override public int quantum() { reads.note(ProfileReads.CFQ_QUANTUM); return quantum; }
        @Override public long sliceSyncNs() { reads.note(ProfileReads.CFQ_SLICE_SYNC_NS); return sliceSyncNs; }
        @Override public long sliceAsyncNs() { reads.note(ProfileReads.CFQ_SLICE_ASYNC_NS); return sliceAsyncNs; }
        @Override public long sliceIdleNs() { reads.note(ProfileReads.CFQ_SLICE_IDLE_NS); return sliceIdleNs; }
        @Override public long fifoExpireSyncNs() { reads.note(ProfileReads.CFQ_FIFO_EXPIRE_SYNC_NS); return fifoExpireSyncNs; }
        @Override public long fifoExpireAsyncNs() { reads.note(ProfileReads.CFQ_FIFO_EXPIRE_ASYNC_NS); return fifoExpireAsyncNs; }
        @Override public long targetLatencyNs() { reads.note(ProfileReads.CFQ_TARGET_LATENCY_NS); return targetLatencyNs; }
    }

    /** The same device noting its reads in {@code log}. */
    public DeviceSpec withReads(ProfileReads log) {
        return log == reads ? this : new DeviceSpec(model, capacityBytes, queueDepth, maxSectorsKb, readLatencyNs, writeLatencyNs,
                readBandwidthBytesPerSec, writeBandwidthBytesPerSec, commandOverheadNs, flushNs, fuaNs, reliableWriteNs, volatileCache,
                latencyJitterMeanNs, scheduler, cfq, submitInCallerContext, nrRequests, log);
    }

    /** The same device with another capacity (tests and benchmarks use small disks; the store is sparse anyway). */
    public DeviceSpec withCapacityBytes(long bytes) {
        return new DeviceSpec(model, bytes, queueDepth, maxSectorsKb, readLatencyNs, writeLatencyNs, readBandwidthBytesPerSec,
                writeBandwidthBytesPerSec, commandOverheadNs, flushNs, fuaNs, reliableWriteNs, volatileCache, latencyJitterMeanNs,
                scheduler, cfq, submitInCallerContext, nrRequests, reads);
    }

    /** The same device with another nr_requests (a machine shrunk for a small-scale run). */
    public DeviceSpec withNrRequests(int n) {
        return new DeviceSpec(model, capacityBytes, queueDepth, maxSectorsKb, readLatencyNs, writeLatencyNs,
                readBandwidthBytesPerSec, writeBandwidthBytesPerSec, commandOverheadNs, flushNs, fuaNs, reliableWriteNs,
                volatileCache, latencyJitterMeanNs, scheduler, cfq, submitInCallerContext, n, reads);
    }
}
