package org.f2fsobs.engine.platform;

import java.util.ArrayList;
import java.util.List;

/** The profiles shipped with the engine (resources {@code profiles/NAME.json}). */
public final class Profiles {
    private static final List<String> NAMES = List.of("nullblk-x86", "pixel3-ufs21-little4", "amlogic-arm64-p3", "ufs21-2018");

    static {
        for (String n : NAMES) ProfileLoader.resourceText(n);     // read the shipped files once, when this class loads
    }

    private Profiles() {}

    public static List<String> names() {
        return NAMES;
    }

    /** Loads a shipped profile; an unknown name is a {@link ProfileException} listing the known ones. */
    public static Profile load(String name) {
        if (!NAMES.contains(name)) throw new ProfileException("unknown profile '" + name + "' (known: " + NAMES + ")");
        return ProfileLoader.fromResource(name);
    }

    /** A shipped profile with numeric constants overridden (dotted keys, as {@link Profile#constants()} names them). */
    public static Profile load(String name, java.util.Map<String, Long> overrides) {
        if (!NAMES.contains(name)) throw new ProfileException("unknown profile '" + name + "' (known: " + NAMES + ")");
        return overrides.isEmpty() ? ProfileLoader.fromResource(name) : ProfileLoader.fromResource(name, overrides);
    }

    public static List<Profile> all() {
        List<Profile> out = new ArrayList<>();
        for (String n : NAMES) out.add(load(n));
        return out;
    }
}
