package org.f2fsobs.app.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;
import org.f2fsobs.engine.platform.Sourced;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/profiles}: the machine profiles, each constant with its value and source. */
@RestController
@Tag(name = "scenarios")
class ProfileController {
    private final String profilesJson;

    ProfileController() {
        this.profilesJson = ResultJson.write(Profiles.all().stream().map(ProfileController::entry).toList());
    }

    @Operation(summary = "Machine profiles: every constant with its value and source")
    @GetMapping(path = "/api/profiles", produces = MediaType.APPLICATION_JSON_VALUE)
    String showProfileList() {
        return profilesJson;
    }

    static Map<String, Object> entry(Profile p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", p.name());
        m.put("title", p.title());
        m.put("description", p.description());
        m.put("userland", p.userland());
        m.put("memory_bytes", p.memoryBytes());
        m.put("available_bytes", p.availableBytes());
        Map<String, Object> constants = new LinkedHashMap<>();
        for (Map.Entry<String, Sourced> e : p.constants().entrySet()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("value", e.getValue().value());
            c.put("source", e.getValue().source());
            constants.put(e.getKey(), c);
        }
        m.put("constants", constants);
        return m;
    }
}
