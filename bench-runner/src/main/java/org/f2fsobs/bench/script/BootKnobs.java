package org.f2fsobs.bench.script;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.engine.platform.DeviceSpec;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Sourced;

/**
 * The queue knobs the model fixes when the machine boots ({@code max_sectors_kb}, {@code nr_requests},
 * {@code scheduler}): written before the volume is used, they change the profile's device.
 */
final class BootKnobs {
    private BootKnobs() {}

    static Profile apply(Profile p, Knobs.Knob k, long v, String line) {
        DeviceSpec d = p.device();
        Map<String, Sourced> c = new LinkedHashMap<>(p.constants());
        String src = "script: " + line;
        DeviceSpec nd = switch (k) {
            case MAX_SECTORS_KB -> {
                if (v > d.maxSectorsKb()) {
                    throw new ScriptException.Why("max_sectors_kb " + v + " is above the device's max_hw_sectors_kb " + d.maxSectorsKb()
                            + " (queue_max_sectors_store refuses it: EINVAL)");
                }
                if (v % 4 != 0) throw new ScriptException.Why("max_sectors_kb " + v + ": the model splits requests in whole 4 KiB pages (give a multiple of 4)");
                long kb = NullBlk.set(c, "device.max_sectors_kb", v, src, d.maxSectorsKb());
                yield new DeviceSpec(d.model(), d.capacityBytes(), d.queueDepth(), (int) kb, d.readLatencyNs(), d.writeLatencyNs(),
                        d.readBandwidthBytesPerSec(), d.writeBandwidthBytesPerSec(), d.commandOverheadNs(), d.flushNs(), d.fuaNs(),
                        d.reliableWriteNs(), d.volatileCache(), d.latencyJitterMeanNs(), d.scheduler(), d.cfq(),
                        d.submitInCallerContext(), d.nrRequests());
            }
            case NR_REQUESTS -> {
                if (d.nrRequests() == 0) {
                    throw new ScriptException.Why("nr_requests of a blk-mq device (its tag depth) is not modelled; the legacy request "
                            + "path of the CFQ profiles models it");
                }
                yield d.withNrRequests((int) NullBlk.set(c, "device.nr_requests", v, src, d.nrRequests()));
            }
            case SCHEDULER -> d;                              // Knobs.value accepts only the device's own scheduler
            default -> throw new IllegalStateException(k + " is not a boot-time knob");
        };
        return new Profile(p.name(), p.title(), p.description(), p.userland(), p.cpu(), p.memoryBytes(), p.availableBytes(),
                p.dirtyableBytes(), nd, p.tunables(), p.kernel(), c, p.lruStart(), p.reads());    // one read log: what set this device was read too
    }
}
