package org.f2fsobs.bench.tool.dd;

/** Which dd: GNU coreutils (desktop and server Linux) or toybox (Android); their syntax and output differ. */
public enum DdDialect {
    /** GNU coreutils 9.1 dd.c. */
    GNU,
    /** toybox dd as shipped on Android in 2020 (toys/pending/dd.c), with the flags later versions added. */
    TOYBOX
}
