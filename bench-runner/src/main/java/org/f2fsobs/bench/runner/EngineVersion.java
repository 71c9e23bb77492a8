package org.f2fsobs.bench.runner;

import java.io.InputStream;
import java.util.Properties;

/** "project version + git commit" from the build (git.properties written by git-commit-id-maven-plugin). */
public final class EngineVersion {
    private static final String VALUE = load();

    private EngineVersion() {}

    public static String get() {
        return VALUE;
    }

    private static String load() {
        Properties p = new Properties();
        try (InputStream in = EngineVersion.class.getResourceAsStream("/git.properties")) {
            if (in != null) p.load(in);
        } catch (java.io.IOException e) {
            // no build information: report what is known
        }
        String version = p.getProperty("git.build.version", "0.1.0-SNAPSHOT");
        String commit = p.getProperty("git.commit.id.abbrev", "unknown");
        boolean dirty = "true".equals(p.getProperty("git.dirty"));
        return version + "+" + commit + (dirty ? "-dirty" : "");
    }
}
