package org.f2fsobs.engine.platform;

/** A profile that cannot be used: unknown name, missing key, wrong type or out-of-range value, named in the message. */
public final class ProfileException extends RuntimeException {
    public ProfileException(String message) {
        super(message);
    }
}
