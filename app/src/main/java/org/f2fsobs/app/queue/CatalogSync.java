package org.f2fsobs.app.queue;

/** Brings this instance's scenario catalog up to date with the store (user scenarios stored on another instance). */
public interface CatalogSync {
    void sync();
}
