package org.f2fsobs.app.system;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.matcher.ElementMatchers;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Fails a test when some thread interrupts another one that is inside H2. An interrupt during H2's file I/O closes
 * the database file's channel ({@code ClosedByInterruptException}) and every later statement of that app fails, so
 * the symptom (500s, a page that never ends) shows up far from its cause; this names both threads and both stacks.
 *
 * <p>Installed once per test JVM (a {@link TestExecutionListener}): advice on {@code Thread.interrupt()}, inlined into
 * the JDK's class, calls the hook this class leaves in the system properties (the only place code in
 * {@code java.lang.Thread} can find it). Each test then checks, as a JUnit extension registered by service loading,
 * that nothing was recorded while it ran.
 */
public final class InterruptGuard implements TestExecutionListener, AfterEachCallback {
    static final String HOOK = "f2fsobs.interrupt.hook";
    private static final List<AssertionError> recorded = new ArrayList<>();
    private static boolean installed;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        install();
    }

    static synchronized void install() {
        if (installed) return;
        installed = true;
        BiConsumer<Thread, Thread> hook = InterruptGuard::interrupted;
        System.getProperties().put(HOOK, hook);
        new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.TypeStrategy.Default.REDEFINE)
                .ignore(ElementMatchers.none())
                .type(ElementMatchers.named("java.lang.Thread"))
                .transform((b, td, cl, m, pd) -> b.visit(Advice.to(OnInterrupt.class)
                        .on(ElementMatchers.named("interrupt").and(ElementMatchers.takesArguments(0)))))
                .installOn(ByteBuddyAgent.install());
    }

    private static void interrupted(Thread by, Thread victim) {
        if (by == victim) return;                                   // restoring one's own flag after InterruptedException
        StackTraceElement[] stack = victim.getStackTrace();
        if (Arrays.stream(stack).noneMatch(f -> f.getClassName().startsWith("org.h2."))) return;
        AssertionError e = new AssertionError("thread '" + by.getName() + "' interrupted thread '" + victim.getName()
                + "' inside H2 (its stack is this error's; the interrupter's is the suppressed one)");
        e.setStackTrace(stack);
        Throwable interrupter = new Throwable("the interrupter, " + by.getName());
        e.addSuppressed(interrupter);
        e.printStackTrace();
        synchronized (recorded) {
            recorded.add(e);
        }
    }

    /** What was recorded since the last call, emptied. */
    static List<AssertionError> drain() {
        synchronized (recorded) {
            List<AssertionError> out = List.copyOf(recorded);
            recorded.clear();
            return out;
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        List<AssertionError> found = drain();
        if (!found.isEmpty()) throw found.get(0);
    }

    /** Inlined into {@code Thread.interrupt()}: may name only classes of the JDK. */
    public static final class OnInterrupt {
        @Advice.OnMethodEnter
        @SuppressWarnings({"unchecked", "rawtypes"})
        static void enter(@Advice.This Thread self) {
            Object hook = System.getProperties().get("f2fsobs.interrupt.hook");
            if (hook instanceof BiConsumer c) c.accept(Thread.currentThread(), self);
        }
    }
}
