package org.f2fsobs.bench.archfixture.left;

import org.f2fsobs.bench.archfixture.right.Right;

/** With {@link Right}, breaks "no package cycles in the runner" on purpose (ArchitectureTests' fixture). */
public final class Left {
    Right right;
}
