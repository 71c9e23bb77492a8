package org.f2fsobs.engine.sim.device;

/** What a power cut did: un-flushed writes found in the cache, how many survived and how many were lost. */
public record PowerCutReport(CrashMode mode, int unflushedWrites, int survived, int dropped) {}
