package org.f2fsobs.bench.tool.fio;

/**
 * One device line of fio's "Disk stats (read/write)" and JSON "disk_util" (diskutil.c {@code struct disk_util_stat}):
 * I/Os, merges and ticks (ms) per direction, time in queue (ms) and utilisation in percent.
 */
public record FioDiskUtil(String name, long readIos, long writeIos, long readMerges, long writeMerges,
                          long readTicks, long writeTicks, long inQueue, double util) {}
