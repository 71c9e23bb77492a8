package org.f2fsobs.bench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The bench-runner command line (contracts.md §2). Subcommands are added as they land. */
@Command(name = "bench-runner", mixinStandardHelpOptions = true, version = "bench-runner 0.1.0",
        description = "Runs the F2FS patch-mail benchmarks on the deterministic F2FS model.",
        subcommands = {BenchRunnerCli.ProfilesCommand.class})
public final class BenchRunnerCli implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the CLI with the given streams; returns the exit code (0 ok, 2 bad usage or input, 1 internal failure). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new BenchRunnerCli());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("bench-runner: " + ex.getMessage());
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println("bench-runner: internal error: " + ex);
            return 1;
        });
        return cl.execute(args);
    }

    /** {@code bench-runner profiles [--format text|json]} */
    @Command(name = "profiles", description = "Lists the machine profiles with their constants and sources.")
    static final class ProfilesCommand implements Callable<Integer> {
        @CommandLine.Option(names = "--format", defaultValue = "text", description = "text or json")
        String format;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            for (String name : Profiles.names()) {
                Profile p = Profiles.load(name);
                out.println(p.name() + "  " + p.title());
            }
            return 0;
        }
    }
}
