package org.f2fsobs.app.system;

import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.info.License;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code /v3/api-docs}: the title, and on every operation the problem answers it can give ({@code
 * application/problem+json}, schema {@code Problem}): 400 always; 404 where the path names a resource; 401, 415 and
 * 422 on writes (401 only when {@code observatory.api-token} is set). Success codes come from the handlers
 * ({@code @ResponseStatus}: 202 for what is queued, 201 for a JMH import).
 */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(info = @Info(title = "F2FS Observatory API", version = "1",
        description = "Reproduces the before/after figures of F2FS patch mails on a deterministic simulation: the catalog, matrices "
                + "and single runs queued and stored, their results, comparisons and crash checks (contracts.md §4, §6).",
        license = @License(name = "see the project's LICENSE")))
class OpenApiConfiguration {

    /** The problem document (RFC 9457) as {@link ApiProblems} writes it; for the API docs only. */
    record Problem(String type, String title, int status, String detail, String instance,
                   @io.swagger.v3.oas.annotations.media.Schema(description = "every offending field") List<ApiProblems.Error> errors,
                   @io.swagger.v3.oas.annotations.media.Schema(description = "422 only: the limit's name, e.g. max_cells") String limit) {}

    @Bean
    OpenApiCustomizer problemResponses() {
        return api -> {
            Map<String, Schema> schemas = ModelConverters.getInstance().read(Problem.class);
            schemas.forEach((name, schema) -> api.getComponents().addSchemas(name, schema));
            Content problem = new Content().addMediaType("application/problem+json",
                    new MediaType().schema(new Schema<>().$ref("#/components/schemas/Problem")));
            api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) -> {
                add(op, "400", "bad request: every invalid field named", problem);
                if (path.contains("{")) add(op, "404", "no such resource", problem);
                if (method == PathItem.HttpMethod.POST || method == PathItem.HttpMethod.DELETE) {
                    add(op, "401", "missing or wrong Authorization: Bearer token (when observatory.api-token is set)", problem);
                }
                if (method == PathItem.HttpMethod.POST) {
                    add(op, "415", "the body is not application/json", problem);
                    add(op, "422", "over a limit (named in limit)", problem);
                }
            }));
        };
    }

    private static void add(Operation op, String code, String description, Content content) {
        if (op.getResponses() != null && !op.getResponses().containsKey(code)) {
            op.getResponses().addApiResponse(code, new ApiResponse().description(description).content(content));
        }
    }
}
