# Multi-stage build of the observatory app. Build: Maven (wrapper) on a Temurin 25 JDK; run: Temurin 25 JRE.
FROM eclipse-temurin:25-jdk AS build
WORKDIR /src
COPY .mvn .mvn
COPY mvnw pom.xml ./
COPY engine/pom.xml engine/pom.xml
COPY bench-runner/pom.xml bench-runner/pom.xml
COPY src-web/pom.xml src-web/pom.xml
COPY app/pom.xml app/pom.xml
RUN ./mvnw -B -q dependency:go-offline -pl app -am || true
COPY engine engine
COPY bench-runner bench-runner
COPY src-web src-web
COPY app app
RUN ./mvnw -B -DskipTests package -pl app -am && cp app/target/app-*.jar /observatory.jar

FROM eclipse-temurin:25-jre
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/* \
 && groupadd --system observatory && useradd --system --gid observatory --home /srv/observatory observatory \
 && mkdir -p /srv/observatory/data && chown -R observatory:observatory /srv/observatory
WORKDIR /srv/observatory
COPY --from=build /observatory.jar /srv/observatory/observatory.jar
USER observatory
ENV OBSERVATORY_DATA_DIR=/srv/observatory/data
VOLUME ["/srv/observatory/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD curl -fsS http://localhost:8080/actuator/health || exit 1
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "--sun-misc-unsafe-memory-access=allow", "-jar", "/srv/observatory/observatory.jar"]
