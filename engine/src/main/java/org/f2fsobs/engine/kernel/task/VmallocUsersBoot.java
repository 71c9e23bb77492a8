package org.f2fsobs.engine.kernel.task;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.engine.kernel.mm.vmalloc.Vmalloc;
import org.f2fsobs.engine.kernel.mm.vmalloc.VmapArea;
import org.f2fsobs.engine.platform.KernelSpec.VmallocUsers;

/**
 * Creates the booted machine's other vmalloc users before the workload, in the order a phone creates them
 * (docs/reproduction-notes-p2-p3.md §2.4): {@code bootKthreads} kernel threads; then {@code binderProcs}
 * processes, each its main thread, its binder mmap, its further threads (the threads spread evenly, the first
 * processes taking the remainder); then {@code restartedProcs} processes, evenly spread over the list, exit (threads
 * newest first, then the binder area) and start again. A task forks and exits on CPU {@code tid mod cpus}.
 *
 * <p>Binder: {@code binder_alloc_mmap_handler} → {@code get_vm_area(vma size, VM_IOREMAP)} with libbinder's
 * {@code BINDER_VM_SIZE} = 1 MiB − 2 pages; freed with {@code vfree} when the process's binder_proc is released.
 * Departures: one binder mmap per process ({@code /dev/hwbinder}, {@code /dev/vndbinder} not modelled); no other
 * vmalloc user (modules, ioremap, kgsl, ION) is created.
 */
public final class VmallocUsersBoot {
    /** frameworks/native libs/binder/ProcessState.cpp: {@code (1 * 1024 * 1024) - sysconf(_SC_PAGE_SIZE) * 2}. */
    public static final long BINDER_VM_SIZE = 1024 * 1024 - 2 * 4096;

    private final Vmalloc vm;
    private final int cpus;
    private final ThreadStacks stacks;
    private int nextTid;
    private int binderAreas;
    private int liveThreads;

    private record Proc(VmapArea binder, List<Integer> tids, List<VmapArea> threadStacks) {}

    private VmallocUsersBoot(Vmalloc vm, int cpus) {
        this.vm = vm;
        this.cpus = cpus;
        this.stacks = new ThreadStacks(vm, cpus);
    }

    /** Builds the population into {@code vm} (call before the simulation runs). */
    public static VmallocUsersBoot create(Vmalloc vm, int cpus, VmallocUsers u) {
        VmallocUsersBoot b = new VmallocUsersBoot(vm, cpus);
        if (u.threads() == 0) return b;
        for (int i = 0; i < u.bootKthreads(); i++) b.fork(new ArrayList<>(), new ArrayList<>());
        int appThreads = u.threads() - u.bootKthreads();
        List<Proc> procs = new ArrayList<>();
        for (int p = 0; p < u.binderProcs(); p++) {
            int n = appThreads / u.binderProcs() + (p < appThreads % u.binderProcs() ? 1 : 0);
            procs.add(b.startProcess(n));
        }
        for (int j = 0; j < u.restartedProcs(); j++) {
            int p = (int) Math.floor((j + 0.5) * u.binderProcs() / u.restartedProcs());
            Proc old = procs.get(p);
            b.exitProcess(old);
            procs.set(p, b.startProcess(old.tids().size()));
        }
        return b;
    }

    private Proc startProcess(int nThreads) {
        List<Integer> tids = new ArrayList<>();
        List<VmapArea> st = new ArrayList<>();
        fork(tids, st);                                                   // main thread
        VmapArea binder = vm.setupGetVmArea(BINDER_VM_SIZE, 1, true);     // binder_mmap
        binderAreas++;
        for (int i = 1; i < nThreads; i++) fork(tids, st);
        return new Proc(binder, tids, st);
    }

    private void fork(List<Integer> tids, List<VmapArea> st) {
        int tid = nextTid++;
        st.add(stacks.alloc(tid % cpus));
        tids.add(tid);
        liveThreads++;
    }

    private void exitProcess(Proc p) {
        for (int i = p.tids().size() - 1; i >= 0; i--) {
            stacks.free(p.tids().get(i) % cpus, p.threadStacks().get(i));
            liveThreads--;
        }
        vm.setupVfree(p.binder());                                       // binder_alloc_deferred_release: vfree
        binderAreas--;
    }

    public ThreadStacks stacks() { return stacks; }
    public int binderAreas() { return binderAreas; }
    public int liveThreads() { return liveThreads; }
}
