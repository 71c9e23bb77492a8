package org.f2fsobs.app.scenario;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.mail.DraftBuilder;
import org.f2fsobs.bench.mail.MailDraft;
import org.f2fsobs.bench.mail.MailImportException;
import org.f2fsobs.bench.scenario.CatalogJson;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Scenarios from patch mails (contracts.md §6, docs/mail-import.md): {@code POST /api/scenarios/import} reads a
 * pasted mail ({@code {"mail": "…"}}) and answers with its draft (200) or a 422 naming what is missing;
 * {@code POST /api/scenarios} stores a draft's scenario (201, {@code Location}); {@code PUT /api/scenarios/{id}} edits it before it has run;
 * {@code GET /api/scenarios/{id}/mail} gives the mail and draft it came from.
 */
@RestController
@Tag(name = "scenarios")
class UserScenarioController {
    private final ScenarioCatalog catalog;
    private final UserScenarioStore store;

    UserScenarioController(ScenarioCatalog catalog, UserScenarioStore store) {
        this.catalog = catalog;
        this.store = store;
    }

    /** {@code {"mail": "…"}}: the mail as pasted (JSON only: a text/plain body is 415, so the API document types every body). */
    record ImportRequest(@Schema(description = "the patch mail as pasted: mbox, a public-inbox page, a reply quoting it, plain text") String mail) {}

    /** A draft's scenario (as imported, or edited), and the mail it came from (kept for the page that highlights it). */
    record StoreRequest(@Schema(description = "a scenario in the catalog's file format, origin user (the draft's scenario)") Map<String, Object> scenario,
                        @Schema(description = "the mail the draft was read from (optional)") String mail) {}

    /** The draft's document (docs/mail-import.md §3), for the API description; the answer is written from the runner's own map. */
    record Draft(@Schema(description = "1") int draftVersion, @Schema(description = "the proposed id, mail-…") String id,
                 @Schema(description = "whether scenario runs as it stands") boolean runnable,
                 @Schema(description = "why not: field and message each") List<Map<String, String>> problems,
                 @Schema(description = "shape, chars, sha256, subject, author, date, day, message_id, patch_version, series") Object mail,
                 @Schema(description = "files and functions the patch touches") Object diff,
                 @Schema(description = "the test lines, cases and environment the mail gives") Object test,
                 @Schema(description = "every figure: printed, value, unit, label, side, metric, row, span, compared") List<Object> figures,
                 @Schema(description = "what the two sides differ in: a patch (its flag) or a parameter") Object sides,
                 @Schema(description = "the profile chosen and why") Object profile,
                 @Schema(description = "the measured command, or the one inferred and the reasoning") Object command,
                 @Schema(description = "the script lines of the scenario") List<Object> script,
                 @Schema(description = "whether the model runs every script line") Object scriptCheck,
                 List<String> notes,
                 @Schema(description = "the scenario in the catalog's file format, null without a measured command") Object scenario) {}

    @Operation(summary = "Read a pasted patch mail into a scenario draft", description = "200 with the draft (docs/mail-import.md §3); "
            + "422 naming what is missing: not a mail, no figures, no two sides, no measured command and none inferable; 422 mail_chars over 1 MiB.")
    @ApiResponse(responseCode = "200", description = "the draft", content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
            schema = @Schema(implementation = Draft.class)))
    @PostMapping(path = "/api/scenarios/import", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<String> processImportForm(@RequestBody ImportRequest body) {
        if (body.mail() == null) throw ApiException.invalid("mail", "is required: the patch mail as pasted");
        return draft(body.mail());
    }

    private Mono<String> draft(String mail) {
        return Mono.fromCallable(() -> {
            try {
                return ResultJson.write(DraftBuilder.build(mail, catalog).json());
            } catch (MailImportException e) {
                throw ApiException.unprocessable(e.errors(), e.limit());
            }
        }).subscribeOn(Database.SCHEDULER);
    }

    @Operation(summary = "Store a scenario drafted from a mail", description = "201 with Location /api/scenarios/{id} and the catalog entry; "
            + "400 a missing field or an id outside mail-…; 409 a built-in id or one already stored; 422 a scenario that does not load (the "
            + "problem names the field and why: a script line the model cannot run, a value it does not model, no switch yet).")
    @ApiResponse(responseCode = "201", description = "stored; Location names it", content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
            schema = @Schema(implementation = ScenarioController.CatalogEntry.class)))
    @PostMapping(path = "/api/scenarios", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    Mono<ResponseEntity<String>> processCreationForm(@RequestBody StoreRequest body) {
        if (body.scenario() == null) throw ApiException.invalid("scenario", "is required: the draft's scenario (POST /api/scenarios/import)");
        return Mono.fromCallable(() -> {
            Scenario s = store.parse(body.scenario());
            String draftJson = null;
            if (body.mail() != null) {
                try {
                    draftJson = ResultJson.write(DraftBuilder.build(body.mail(), catalog).json());
                } catch (MailImportException e) {
                    draftJson = null;                 // the mail is kept for reading; its refusal is in the import answer, not here
                }
            }
            return new Object[] {s, draftJson};
        }).subscribeOn(Database.SCHEDULER).flatMap(x -> store.insert((Scenario) x[0], body.scenario(), body.mail(), (String) x[1]))
                .map(s -> ResponseEntity.created(URI.create("/api/scenarios/" + s.id())).contentType(MediaType.APPLICATION_JSON)
                        .body(ResultJson.write(CatalogJson.entry(s))));
    }

    @Operation(summary = "Edit a stored user scenario before it runs", description = "200 with the entry; 404 unknown; 409 a built-in one, or one "
            + "a matrix or run has used; 422 a scenario that does not load.")
    @ApiResponse(responseCode = "200", description = "the entry as edited", content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
            schema = @Schema(implementation = ScenarioController.CatalogEntry.class)))
    @PutMapping(path = "/api/scenarios/{id}", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<String> processUpdateForm(@PathVariable String id, @RequestBody StoreRequest body) {
        if (catalog.isBuiltIn(id)) throw ApiException.conflict("id", id + " is a built-in scenario: it is edited in bench-runner's scenario files, not here");
        if (body.scenario() == null) throw ApiException.invalid("scenario", "is required");
        return Mono.fromCallable(() -> store.parse(body.scenario())).subscribeOn(Database.SCHEDULER)
                .flatMap(s -> store.replace(id, s, body.scenario())).map(s -> ResultJson.write(CatalogJson.entry(s)));
    }

    /** The mail a user scenario was drafted from, its draft, and its scenario as stored. */
    record StoredMail(String id, String mail, @Schema(description = "the draft as imported") Object draft,
                      @Schema(description = "the scenario file as stored") Object scenario, java.time.Instant createdAt, java.time.Instant updatedAt) {}

    @Operation(summary = "The mail and draft a user scenario came from")
    @GetMapping(path = "/api/scenarios/{id}/mail", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<StoredMail> showMail(@PathVariable String id) {
        if (catalog.isBuiltIn(id)) throw ApiException.notFound("user scenario", id + " (a built-in scenario: its mail is its seed_file)");
        return store.find(id).switchIfEmpty(Mono.error(() -> ApiException.notFound("user scenario", id)))
                .map(s -> new StoredMail(s.id(), s.mail(), s.draftJson() == null ? null : ResultJson.read(s.draftJson(), Map.class),
                        ResultJson.read(s.scenarioJson(), Map.class), s.createdAt(), s.updatedAt()));
    }
}
