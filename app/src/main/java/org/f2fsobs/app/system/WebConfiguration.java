package org.f2fsobs.app.system;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import reactor.netty.http.server.logging.AccessLog;
import tools.jackson.databind.json.JsonMapper;

/**
 * Request bodies are bounded by {@code observatory.limits.body-bytes} (over → 422 {@code body_bytes}); the access
 * log (logger {@code reactor.netty.http.server.AccessLog}) has one line per request: client, method, URI, status,
 * bytes, milliseconds — never a header, so never the token.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ObservatoryProperties.class)
class WebConfiguration implements WebFluxConfigurer {
    private final ObservatoryProperties properties;
    private final StrictJson strict;
    private final jakarta.validation.Validator validator;

    WebConfiguration(ObservatoryProperties properties, JsonMapper jsonMapper, jakarta.validation.Validator validator) {
        this.properties = properties;
        this.strict = new StrictJson(jsonMapper);
        this.validator = validator;
    }

    /**
     * The server's request bodies go through {@link StrictJsonDecoder} (this configurer runs after Boot's, whose
     * codec customizer installs the lenient mapper; clients such as WebTestClient keep that one).
     */
    @Override
    public void configureHttpMessageCodecs(ServerCodecConfigurer configurer) {
        configurer.defaultCodecs().maxInMemorySize(properties.limits().bodyBytes());
        configurer.defaultCodecs().jacksonJsonDecoder(new StrictJsonDecoder(strict, validator, properties.limits().bodyBytes()));
    }

    @Bean
    NettyServerCustomizer accessLog() {
        return server -> server.accessLog(true, args -> AccessLog.create("{} \"{} {}\" {} {} {} ms",
                args.connectionInformation() == null || args.connectionInformation().remoteAddress() == null ? "-"
                        : args.connectionInformation().remoteAddress(),
                args.method(), args.uri(), args.status(), args.contentLength(), args.duration()));
    }
}
