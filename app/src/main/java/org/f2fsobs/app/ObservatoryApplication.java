package org.f2fsobs.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The F2FS Observatory web app: REST, run queue, H2 store and dashboards. */
@SpringBootApplication
public class ObservatoryApplication {

    public static void main(String[] args) {
        SpringApplication.run(ObservatoryApplication.class, args);
    }
}
