package org.f2fsobs.bench.runner;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Watches the JVM heap while a piece of work runs (a JMH shot, a report's matrix): the used heap every 5 ms on a
 * daemon thread, and the heap left after each garbage collection (GC notifications). The largest after-GC figure bounds
 * the work's live set from above; the largest used figure includes garbage not yet collected. Host-side measurement
 * only: nothing here touches a simulation.
 */
public final class HeapSampler implements NotificationListener, AutoCloseable {
    private final MemoryMXBean mx = ManagementFactory.getMemoryMXBean();
    private final Thread thread;
    private volatile boolean stop;
    private volatile long peakUsed;
    private volatile long peakAfterGc;

    public HeapSampler() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) e.addNotificationListener(this, null, null);
        }
        thread = Thread.ofPlatform().daemon(true).name("heap-sampler").start(() -> {
            while (!stop) {
                peakUsed = Math.max(peakUsed, mx.getHeapMemoryUsage().getUsed());
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) return;
        var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long after = 0;
        for (MemoryUsage u : info.getGcInfo().getMemoryUsageAfterGc().values()) after += u.getUsed();
        synchronized (this) {
            if (!stop) peakAfterGc = Math.max(peakAfterGc, after);
        }
    }

    /** Stops sampling (idempotent); the peaks stay readable. */
    @Override
    public void close() {
        synchronized (this) {
            if (stop) return;
            stop = true;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        peakUsed = Math.max(peakUsed, mx.getHeapMemoryUsage().getUsed());
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                try {
                    e.removeNotificationListener(this);
                } catch (ListenerNotFoundException ignored) {
                    // never added
                }
            }
        }
    }

    /** The most heap seen in use (live data and garbage not yet collected). */
    public long peakUsedBytes() {
        return peakUsed;
    }

    /** The most heap left after a collection: an upper bound on the live set; 0 when no collection ran. */
    public long peakAfterGcBytes() {
        return peakAfterGc;
    }
}
