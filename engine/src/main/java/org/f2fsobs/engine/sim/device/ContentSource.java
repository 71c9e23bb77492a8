package org.f2fsobs.engine.sim.device;

/**
 * Regenerates the exact bytes of a block from a compact reference: a tool's buffer generator, zeros, or stored
 * literal bytes. Implementations must be pure functions of their construction parameters and the index.
 */
public interface ContentSource {
    int BLOCK = 4096;

    /** Writes the 4096 bytes of block {@code index} of this source into {@code dst} at {@code off}. */
    void fill(long index, byte[] dst, int off);

    /** Human-readable description (tool, pattern, seed) for reports and failures. */
    String describe();
}
