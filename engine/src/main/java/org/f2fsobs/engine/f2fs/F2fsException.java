package org.f2fsobs.engine.f2fs;

/**
 * An error the file system returns (errno-like, e.g. ENOSPC, ENOENT, EINVAL) or reports (corruption found at mount
 * or by the checker). The message names the errno and what failed.
 */
public class F2fsException extends RuntimeException {
    private final String errno;

    public F2fsException(String errno, String message) {
        super(errno + ": " + message);
        this.errno = errno;
    }

    public String errno() {
        return errno;
    }
}
