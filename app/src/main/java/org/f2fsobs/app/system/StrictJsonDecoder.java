package org.f2fsobs.app.system;

import jakarta.validation.Validator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.f2fsobs.bench.api.FieldError;
import org.springframework.core.ResolvableType;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.util.MimeType;

/**
 * The JSON decoder of request bodies ({@code @RequestBody} records): reads through {@link StrictJson}. When the
 * read found problems (wrong types, unknown fields), the record's Bean Validation constraints are checked too, on
 * what could be read, and every problem of both kinds is one 400; otherwise the record goes to the controller,
 * whose {@code @Valid} checks the constraints the usual way.
 */
final class StrictJsonDecoder extends JacksonJsonDecoder {
    private final StrictJson strict;
    private final Validator validator;

    StrictJsonDecoder(StrictJson strict, Validator validator, int maxInMemorySize) {
        super(strict.mapper());
        this.strict = strict;
        this.validator = validator;
        setMaxInMemorySize(maxInMemorySize);
    }

    @Override
    public Object decode(DataBuffer buffer, ResolvableType targetType, MimeType mimeType, Map<String, Object> hints) {
        StrictJson.Read<Object> read;
        try (var in = buffer.asInputStream(true)) {
            read = strict.read(in, strict.mapper().constructType(targetType.getType()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        if (read.problems().isEmpty()) return read.value();
        List<FieldError> all = new ArrayList<>(read.problems());
        if (read.value() != null) {
            Set<String> named = read.problems().stream().map(FieldError::field).collect(Collectors.toSet());
            for (FieldError v : ApiProblems.violations(validator.validate(read.value()))) {
                if (!named.contains(v.field())) all.add(v);
            }
        }
        throw ApiException.invalid(all);
    }
}
