package org.f2fsobs.app.system;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Makes BlockHound (installed for every test by {@code blockhound-junit-platform}) treat an H2 statement as a
 * blocking call: r2dbc-h2 runs H2 on the subscribing thread, and a statement on Netty's event loop (or Reactor's
 * parallel scheduler) stalls everything that thread serves even when H2 happens to find its pages in memory. So a
 * query subscribed anywhere but {@link Database#SCHEDULER} (or another thread that may block) fails the test with
 * {@code BlockingOperationError} naming the thread and the statement's stack.
 *
 * <p>The job scheduler's workers, poller and heartbeats are plain threads that may block; Spring's start-up runs on {@code main}.
 */
public class H2BlockingIntegration implements BlockHoundIntegration {
    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.markAsBlocking("org.h2.command.Command", "executeQuery", "(JIZ)Lorg/h2/result/ResultInterface;");
        builder.markAsBlocking("org.h2.command.Command", "executeUpdate", "(Ljava/lang/Object;)Lorg/h2/result/ResultWithGeneratedKeys;");
        builder.markAsBlocking("org.h2.engine.SessionLocal", "commit", "(Z)V");
        // Thymeleaf reads its configuration and each template from the class path once, then caches them
        builder.allowBlockingCallsInside("org.thymeleaf.TemplateEngine", "initialize");
        builder.allowBlockingCallsInside("org.thymeleaf.spring6.templateresource.SpringResourceTemplateResource", "reader");
        builder.allowBlockingCallsInside("org.thymeleaf.templateparser.markup.AbstractMarkupTemplateParser", "parse");
        // springdoc builds the API document once, on the first GET /v3/api-docs, scanning the class path for annotations
        builder.allowBlockingCallsInside("org.springdoc.api.AbstractOpenApiResource", "getOpenApi");
        // Spring's static-resource resolver checks that a file exists in the jar it is served from (src-web's, when the
        // build has packaged it): an entry lookup in a jar the JDK keeps open
        builder.allowBlockingCallsInside("org.springframework.web.reactive.resource.PathResourceResolver", "getResource");
        // webjars-locator-lite reads a webjar's version from its pom.properties once, then caches it
        builder.allowBlockingCallsInside("org.webjars.WebJarVersionLocator", "version");
        // Spring Data's mapping context guards its entity cache with a ReentrantReadWriteLock: a reader parks only while
        // another thread adds an entity (the first use of a type); r2dbc-postgresql maps rows on its Netty event loop
        builder.allowBlockingCallsInside("org.springframework.data.mapping.context.AbstractMappingContext", "getPersistentEntity");
        // Logback's console appender writes under a lock; logging from the event loop is accepted practice
        builder.allowBlockingCallsInside("ch.qos.logback.core.OutputStreamAppender", "writeBytes");
    }
}
