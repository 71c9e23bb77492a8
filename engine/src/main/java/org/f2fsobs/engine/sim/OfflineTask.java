package org.f2fsobs.engine.sim;

/**
 * The execution context of a program that runs outside the simulated machine, as mkfs.f2fs and fsck.f2fs are programs
 * of their own in f2fs-tools: formatting, checking, preparing an image, or a benchmark calling a structure directly.
 * It can be passed wherever a {@link SimTask} is taken. By its type it charges no CPU (nor moves any clock), takes no
 * simulated lock (the locks of this package let it through without counting an acquisition) and cannot wait: an
 * I/O, a sleep or a wait for a count is an error naming the program, since nothing runs the simulation for it. It
 * may be used from any thread, before or after a run.
 */
public final class OfflineTask extends SimTask {

    /** An offline context for {@code program} (a name for messages: "mkfs.f2fs", "fsck.f2fs", "jmh"). */
    public OfflineTask(Simulation sim, String program) {
        super(sim, -1, program, true, t -> { });
    }

    @Override
    boolean simulated() {
        return false;
    }

    /** No CPU is charged offline. */
    @Override
    public void cpuPs(int account, long ps) {
    }

    /** Offline work shares no clock with the simulated tasks. */
    @Override
    public void sync() {
    }

    @Override
    public void sleepNs(long ns) {
        throw cannotWait("sleep");
    }

    @Override
    public void block(Object waitingOn) {
        throw cannotWait(waitingOn);
    }

    @Override
    void blockSpinning(Object waitingOn) {
        throw cannotWait(waitingOn);
    }

    @Override
    void blockSynced(Object waitingOn) {
        throw cannotWait(waitingOn);
    }

    private IllegalStateException cannotWait(Object on) {
        return new IllegalStateException(name + " runs outside the simulation and cannot wait (on " + on + ")");
    }

    @Override
    public String toString() {
        return "OfflineTask[" + name + "]";
    }
}
