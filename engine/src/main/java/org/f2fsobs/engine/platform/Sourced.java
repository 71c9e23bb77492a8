package org.f2fsobs.engine.platform;

/** A profile constant with the note saying where its value comes from. */
public record Sourced(Object value, String source) {}
