package org.f2fsobs.bench.archfixture.right;

import org.f2fsobs.bench.archfixture.left.Left;

/** With {@link Left}, breaks "no package cycles in the runner" on purpose (ArchitectureTests' fixture). */
public final class Right {
    Left left;
}
