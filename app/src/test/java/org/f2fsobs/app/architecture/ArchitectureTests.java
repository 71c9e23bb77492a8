package org.f2fsobs.app.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.f2fsobs.app.archfixture.AppImportingTheEngine;
import org.f2fsobs.bench.archfixture.WorkloadReachingSbInfo;
import org.f2fsobs.bench.archfixture.left.Left;
import org.f2fsobs.bench.archfixture.right.Right;
import org.f2fsobs.engine.f2fs.archfixture.F2fsReachingTheStore;
import org.f2fsobs.engine.kernel.archfixture.KernelReachingF2fs;
import org.f2fsobs.engine.sim.archfixture.SimReachingUp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules between the rooms of the three modules, held on their compiled main classes (the app's classpath has
 * them all; test classes are left out). Each rule also runs on a fixture class of the test sources that breaks it
 * (packages {@code ..archfixture..}), and must find it: a rule that cannot fail would hold nothing.
 *
 * <p>ArchUnit's core, with plain JUnit tests: the rules are evaluated explicitly, as the fixtures need, and no second
 * test engine joins the JUnit 6 platform of the build.
 */
class ArchitectureTests {
    private static final String ENGINE = "org.f2fsobs.engine";
    private static final String DEVICE_STORE = ENGINE + ".sim.device.DeviceStore";
    private static final String SB_INFO = ENGINE + ".f2fs.F2fsSbInfo";

    /** sim/ knows nothing about F2FS, the kernel, the profiles or anyone using them. */
    static final ArchRule SIM_IMPORTS_NOTHING_ABOVE_IT = noClasses().that().resideInAPackage(ENGINE + ".sim..")
            .should().dependOnClassesThat(resideInAPackage("org.f2fsobs..").and(not(resideInAPackage(ENGINE + ".sim.."))))
            .as("sim imports nothing above it");

    /** The kernel parts F2FS leans on are below it. */
    static final ArchRule KERNEL_NEVER_IMPORTS_F2FS = noClasses().that().resideInAPackage(ENGINE + ".kernel..")
            .should().dependOnClassesThat().resideInAPackage(ENGINE + ".f2fs..")
            .as("kernel never imports f2fs");

    /** The file system reaches the disk through the block layer; mkfs.f2fs and fsck.f2fs are programs of their own. */
    static final ArchRule ONLY_MKFS_AND_FSCK_REACH_THE_DEVICE_STORE = noClasses()
            .that().resideInAPackage(ENGINE + ".f2fs..").and(not(classOrNested(ENGINE + ".f2fs.Mkfs", ENGINE + ".f2fs.fsck.Fsck")))
            .should().dependOnClassesThat().haveFullyQualifiedName(DEVICE_STORE)
            .as("nothing in f2fs reaches the device store except Mkfs and Fsck");

    /** The app reaches the engine only through the bench runner's API. */
    static final ArchRule APP_IMPORTS_NO_ENGINE_CLASS = noClasses().that().resideInAPackage("org.f2fsobs.app..")
            .should().dependOnClassesThat().resideInAPackage(ENGINE + "..")
            .as("the app imports no org.f2fsobs.engine class");

    static final ArchRule NO_PACKAGE_CYCLES_IN_THE_RUNNER = slices().matching("org.f2fsobs.bench.(**)")
            .should().beFreeOfCycles()
            .as("no package cycles in the runner");

    /** Tools and measurements use the Volume's named methods; only the JMH benchmarks of engine structures look inside. */
    static final ArchRule RUNNER_USES_THE_VOLUMES_FRONT_DOOR = noClasses()
            .that().resideInAPackage("org.f2fsobs.bench..").and().resideOutsideOfPackage("org.f2fsobs.bench.jmh..")
            .should().dependOnClassesThat().haveFullyQualifiedName(SB_INFO)
            .as("the runner reaches no F2fsSbInfo outside its JMH benchmarks");

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests()).importPackages("org.f2fsobs");
        // the rules below would hold on nothing if a module's classes were missing from the import
        for (String c : new String[] {ENGINE + ".sim.SimTask", ENGINE + ".kernel.Kernel", SB_INFO, "org.f2fsobs.bench.api.ExecPlan",
                "org.f2fsobs.app.ObservatoryApplication"}) {
            assertThat(main.contain(c)).as("imported %s", c).isTrue();
        }
        assertThat(main.contain(SimReachingUp.class)).as("fixtures are test classes, not imported as main ones").isFalse();
    }

    @Test
    void simImportsNothingAboveIt() {
        holdsOnTheCodeAndFailsOn(SIM_IMPORTS_NOTHING_ABOVE_IT, SimReachingUp.class);
    }

    @Test
    void kernelNeverImportsF2fs() {
        holdsOnTheCodeAndFailsOn(KERNEL_NEVER_IMPORTS_F2FS, KernelReachingF2fs.class);
    }

    @Test
    void onlyMkfsAndFsckReachTheDeviceStore() {
        holdsOnTheCodeAndFailsOn(ONLY_MKFS_AND_FSCK_REACH_THE_DEVICE_STORE, F2fsReachingTheStore.class);
    }

    @Test
    void appImportsNoEngineClass() {
        holdsOnTheCodeAndFailsOn(APP_IMPORTS_NO_ENGINE_CLASS, AppImportingTheEngine.class);
    }

    @Test
    void noPackageCyclesInTheRunner() {
        holdsOnTheCodeAndFailsOn(NO_PACKAGE_CYCLES_IN_THE_RUNNER, Left.class, Right.class);
    }

    @Test
    void runnerUsesTheVolumesFrontDoor() {
        holdsOnTheCodeAndFailsOn(RUNNER_USES_THE_VOLUMES_FRONT_DOOR, WorkloadReachingSbInfo.class);
    }

    @Test
    void eachFixtureBreaksOnlyItsOwnRule() {
        ArchRule[] rules = {SIM_IMPORTS_NOTHING_ABOVE_IT, KERNEL_NEVER_IMPORTS_F2FS, ONLY_MKFS_AND_FSCK_REACH_THE_DEVICE_STORE,
                APP_IMPORTS_NO_ENGINE_CLASS, NO_PACKAGE_CYCLES_IN_THE_RUNNER, RUNNER_USES_THE_VOLUMES_FRONT_DOOR};
        Class<?>[][] fixtures = {{SimReachingUp.class}, {KernelReachingF2fs.class}, {F2fsReachingTheStore.class},
                {AppImportingTheEngine.class}, {Left.class, Right.class}, {WorkloadReachingSbInfo.class}};
        for (int r = 0; r < rules.length; r++) {
            for (int f = 0; f < fixtures.length; f++) {
                boolean violated = rules[r].allowEmptyShould(true).evaluate(new ClassFileImporter().importClasses(fixtures[f])).hasViolation();
                assertThat(violated).as("%s on fixture %s", rules[r].getDescription(), fixtures[f][0].getSimpleName()).isEqualTo(r == f);
            }
        }
    }

    private static void holdsOnTheCodeAndFailsOn(ArchRule rule, Class<?>... fixture) {
        rule.check(main);
        assertThat(rule.evaluate(new ClassFileImporter().importClasses(fixture)).hasViolation())
                .as("%s must fail on its fixture", rule.getDescription()).isTrue();
    }

    /** The class {@code names} name, or one nested in it ({@code Mkfs$Options}). */
    private static DescribedPredicate<JavaClass> classOrNested(String... names) {
        return describe("Mkfs or Fsck", c -> {
            for (String n : names) if (c.getName().equals(n) || c.getName().startsWith(n + "$")) return true;
            return false;
        });
    }
}
