package org.f2fsobs.app.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.MachineProfiles;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/profiles}: the machine profiles, each constant with its value and source and, for a numeric one, its
 * sourced range as {@code bench-runner profiles --format json} gives it (contracts.md §6).
 */
@RestController
@Tag(name = "scenarios")
class ProfileController {
    private final List<ProfileEntry> profiles;

    ProfileController() {
        this.profiles = MachineProfiles.all().stream().map(ProfileController::entry).toList();
    }

    /** A machine profile: what it models, and every constant with where its value comes from. */
    record ProfileEntry(String name, String title, String description, String userland, long memoryBytes, long availableBytes,
                        Map<String, Constant> constants) {}

    record Constant(@Schema(description = "a number, a string or a boolean") Object value, String source,
                    @JsonInclude(JsonInclude.Include.NON_NULL) Long low, @JsonInclude(JsonInclude.Include.NON_NULL) Long high,
                    @JsonInclude(JsonInclude.Include.NON_NULL) String lowSource, @JsonInclude(JsonInclude.Include.NON_NULL) String highSource,
                    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean assumption, @JsonInclude(JsonInclude.Include.NON_NULL) String basis) {
        static Constant of(MachineProfiles.Constant s) {
            MachineProfiles.Range r = s.range();
            return r == null ? new Constant(s.value(), s.source(), null, null, null, null, null, null)
                    : new Constant(s.value(), s.source(), r.low(), r.high(), r.lowSource(), r.highSource(), r.assumption(), r.basis());
        }
    }

    @Operation(summary = "Machine profiles: every constant with its value and source")
    @GetMapping(path = "/api/profiles", produces = MediaType.APPLICATION_JSON_VALUE)
    List<ProfileEntry> showProfileList() {
        return profiles;
    }

    static ProfileEntry entry(MachineProfiles.Entry p) {
        Map<String, Constant> constants = new LinkedHashMap<>();
        for (Map.Entry<String, MachineProfiles.Constant> e : p.constants().entrySet()) constants.put(e.getKey(), Constant.of(e.getValue()));
        return new ProfileEntry(p.name(), p.title(), p.description(), p.userland(), p.memoryBytes(), p.availableBytes(), constants);
    }
}
